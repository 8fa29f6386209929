// The board in SVG: cells, room walls, clues, a keyboard cursor. Keys turn into cell
// changes handed to ``onChange(x, y, char)`` ('#' black, '.' white, '?' open); a press
// (mouse, touch or pen) turns its cell to the next state and a drag carries that state to
// every cell it passes, handed to ``onStroke`` as begin(x, y, char), paint(x, y), end() (or
// cancel(): two fingers on a zoomed board pan it, where the first had begun a stroke).

const SVG = "http://www.w3.org/2000/svg";
export const SIZE = 40; // a cell's side in the viewBox
export const PAD = 3; // room for the outer wall
const STATES = { "?": "unknown", "#": "black", ".": "white" };
const STATE_WORDS = { ...STATES, "?": "open" }; // as the sentences say
const CYCLE = ["?", "#", "."]; // a click moves right, a right-click left
const KEYS = {
  " ": "#", x: "#", b: "#",
  ".": ".", w: ".", o: ".",
  Backspace: "?", Delete: "?", 0: "?",
};
const MAX_ZOOM = 8; // times the fitted board's size
const READABLE = 24; // px: a cell's side on screen below which `reveal` zooms in
export const ZOOM_STEP = 1.5;
export const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

const LANE_SHIFTS = [0, -0.2, 0.2, -0.36, 0.36]; // a line's offset from its cells' centres, in cells
const LINE_INSET = 0.2; // how far short of its end cells' centres a line stops, in cells

const CLUE_GAPS = "clue-gaps"; // the mask that keeps a step's lines off the clues' digits
const DIGIT = 0.36; // a clue digit's width, and more for its gap, in cells (its font: 0.6 of a cell)

/**
 * The mask of the lines a step draws across cells: every clue's digits cut out, so that a
 * line through a clue's cell stops short of its number and the number reads on its cell.
 */
function clueGaps(width, height, clueCells) {
  const mask = element("mask", {
    id: CLUE_GAPS, maskUnits: "userSpaceOnUse", x: 0, y: 0,
    width: width * SIZE + 2 * PAD, height: height * SIZE + 2 * PAD,
  });
  mask.append(element("rect", { width: width * SIZE + 2 * PAD, height: height * SIZE + 2 * PAD, fill: "white" }));
  for (const [key, clue] of clueCells) {
    const [x, y] = key.split(",").map(Number);
    const across = (String(clue).length * DIGIT + 0.1) * SIZE;
    const down = 0.75 * SIZE; // the digit's line box (its font's ascent and descent), at any zoom
    mask.append(element("rect", {
      class: "gap", x: PAD + (x + 0.5) * SIZE - across / 2, y: PAD + (y + 0.5) * SIZE - down / 2,
      width: across, height: down, rx: 0.15 * SIZE, fill: "black",
    }));
  }
  return mask;
}

/**
 * Each line's lane: lines along one row (or one column) whose cells overlap or meet take
 * different lanes, the lowest free one (an interval colouring; ``from`` before ``to``).
 */
function lanes(lines) {
  const slanting = ({ from, to }) => from[0] !== to[0] && from[1] !== to[1];
  const lane = lines.map((line) => (slanting(line) ? null : 0)); // null: no lane
  const tracks = new Map(); // "axis row-or-column" -> the end (x or y) of the last line in each lane
  const order = lines.map((line, index) => ({ line, index })).filter(({ line }) => !slanting(line));
  const along = ({ from, to }) => (from[1] === to[1] ? 0 : 1);
  order.sort((a, b) => a.line.from[along(a.line)] - b.line.from[along(b.line)]);
  for (const { line, index } of order) {
    const axis = along(line);
    const key = `${axis} ${line.from[1 - axis]}`;
    const ends = tracks.get(key) ?? [];
    let free = ends.findIndex((end) => end < line.from[axis]);
    if (free === -1) free = ends.length;
    ends[free] = line.to[axis];
    tracks.set(key, ends);
    lane[index] = free;
  }
  return lane;
}

/** "r2c3" for the cell at x=2, y=1, as the step sentences name cells. */
export function cellName(x, y) {
  return `r${y + 1}c${x + 1}`;
}

export class Board {
  /** ``said``: a live region where the cursor's cell is spoken as keys move or mark it. */
  constructor(svg, said, onChange, onStroke) {
    this.svg = svg;
    this.said = said;
    this.onChange = onChange;
    this.onStroke = onStroke;
    this.readOnly = false;
    this.dots = true; // white cells drawn with a dot
    this.puzzle = null;
    this.grid = [];
    this.cursor = [0, 0];
    this.stroke = null; // {pointer, last: [x, y]} while a press is held
    this.zoomLevel = 1;
    this.magnifying = true; // a step's or a hint's small cells are zoomed to (`reveal`)
    this.touches = new Map(); // the fingers on the board: pointer id -> [x, y] (client px)
    this.pan = null; // two fingers on a zoomed board: {middle: [x, y], apart (client px), frame}
    svg.addEventListener("pointerdown", (event) => {
      // The keyboard's cursor is for keys: a finger's tap does not leave its frame on a cell.
      svg.toggleAttribute("data-touched", event.pointerType === "touch");
      return this.#touch(event) || this.#down(event);
    });
    svg.addEventListener("pointermove", (event) => this.#pan(event) || this.#drag(event));
    svg.addEventListener("pointerup", (event) => this.#lift(event) || this.#up(event));
    // The browser took the gesture (a pinch of the page): the stroke was none of the player's.
    svg.addEventListener("pointercancel", (event) => this.#lift(event) || this.#drop(event));
    svg.addEventListener("contextmenu", (event) => {
      if (!this.readOnly) event.preventDefault();
    });
    svg.addEventListener("keydown", (event) => {
      svg.removeAttribute("data-touched");
      this.#key(event);
    });
    svg.addEventListener("wheel", (event) => {
      if (!event.ctrlKey || !this.puzzle) return;
      event.preventDefault(); // the board zooms, not the page
      this.zoom(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    }, { passive: false });
  }

  /**
   * Draw ``puzzle`` ({width, height, rooms: [{cells: [[x, y]...], clue}]}) with open cells;
   * ``roomNumbers``: each cell says its room's index (from 0) in data-room.
   */
  setPuzzle(puzzle, { roomNumbers = false } = {}) {
    this.puzzle = puzzle;
    if (this.svg.parentElement.dataset.empty !== undefined) {
      delete this.svg.parentElement.dataset.empty;
      this.fit(); // measured while the frame had no place on the page
    }
    const { width, height, rooms } = puzzle;
    const roomOf = Array.from({ length: height }, () => new Array(width).fill(-1));
    rooms.forEach((room, index) => room.cells.forEach(([x, y]) => (roomOf[y][x] = index)));
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${width * SIZE + 2 * PAD} ${height * SIZE + 2 * PAD}`);
    const clueCells = new Map(); // "x,y" -> clue, in each room's first cell in reading order
    for (const room of rooms) {
      if (room.clue === null || room.clue === undefined || room.cells.length === 0) continue;
      const [x, y] = room.cells.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
      clueCells.set(`${x},${y}`, room.clue);
    }
    const cells = element("g", { class: "cells" });
    const marks = element("g", { class: "marks" });
    this.rects = [];
    this.dotMarks = [];
    for (let y = 0; y < height; y++) {
      const rectRow = [];
      const dotRow = [];
      for (let x = 0; x < width; x++) {
        const rect = element("rect", {
          class: "cell", x: PAD + x * SIZE, y: PAD + y * SIZE, width: SIZE, height: SIZE,
          "data-x": x, "data-y": y, "data-state": "unknown",
        });
        if (roomNumbers) rect.setAttribute("data-room", roomOf[y][x]);
        // Centred; beside a clue, in the top left corner, so that "0" and its dot never
        // read as "0." (a decimal point sits low right).
        const at = clueCells.has(`${x},${y}`) ? 0.16 : 0.5;
        const dot = element("circle", {
          class: "dot", cx: PAD + (x + at) * SIZE, cy: PAD + (y + at) * SIZE, r: SIZE * 0.07,
          visibility: "hidden",
        });
        cells.append(rect);
        marks.append(dot);
        rectRow.push(rect);
        dotRow.push(dot);
      }
      this.rects.push(rectRow);
      this.dotMarks.push(dotRow);
    }
    this.clues = new Map();
    for (const [key, clue] of clueCells) {
      const [x, y] = key.split(",").map(Number);
      const text = element("text", {
        class: "clue", x: PAD + (x + 0.5) * SIZE, y: PAD + (y + 0.5) * SIZE,
        "text-anchor": "middle", "dominant-baseline": "central", "font-size": SIZE * 0.6,
      });
      text.textContent = String(clue);
      marks.append(text);
      this.clues.set(key, text);
    }
    const walls = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [left, top] = [PAD + x * SIZE, PAD + y * SIZE];
        if (x + 1 < width && roomOf[y][x] !== roomOf[y][x + 1]) {
          walls.push(`M${left + SIZE} ${top}v${SIZE}`);
        }
        if (y + 1 < height && roomOf[y][x] !== roomOf[y + 1][x]) {
          walls.push(`M${left} ${top + SIZE}h${SIZE}`);
        }
      }
    }
    const wallPath = element("path", { class: "walls", d: walls.join("") || "M0 0" });
    const frame = element("rect", {
      class: "frame", x: PAD, y: PAD, width: width * SIZE, height: height * SIZE,
    });
    this.cursorMark = element("rect", { class: "cursor", width: SIZE - 6, height: SIZE - 6 });
    this.previewMark = element("rect", { class: "preview", visibility: "hidden" });
    // Paper under the whole board: the frame's outer half lies past the cells, on it.
    const paper = element("rect", {
      class: "paper", width: width * SIZE + 2 * PAD, height: height * SIZE + 2 * PAD,
    });
    this.lineLayer = element("g", { class: "lines", mask: `url(#${CLUE_GAPS})` });
    const defs = element("defs");
    defs.append(clueGaps(width, height, clueCells));
    svg.append(paper, cells, wallPath, frame, this.lineLayer, marks, this.cursorMark, this.previewMark, defs);
    this.cursor = [0, 0];
    this.#placeCursor();
    this.show(Array.from({ length: height }, () => new Array(width).fill("?")));
  }

  /** Show ``grid`` (rows of '#', '.', '?'; strings or arrays). */
  show(grid) {
    this.grid = grid.map((row) => Array.from(row));
    this.#label();
    this.grid.forEach((row, y) => row.forEach((char, x) => this.#draw(x, y)));
  }

  /** Show one cell as ``char``. */
  setCell(x, y, char) {
    this.grid[y][x] = char;
    this.#draw(x, y);
    this.#label();
  }

  /**
   * Zoom by ``factor`` (1: fit the frame, as at first): the board grows past its frame,
   * which scrolls to pan it, keeping the middle in view. A level is a multiple of the
   * fitted board's size, whether its frame's width or the window's height bounds it.
   */
  zoom(factor) {
    const frame = this.svg.parentElement;
    const level = factor === 1 ? 1 : Math.min(MAX_ZOOM, Math.max(1, this.zoomLevel * factor));
    const middle = [
      (frame.scrollLeft + frame.clientWidth / 2) / Math.max(1, frame.scrollWidth),
      (frame.scrollTop + frame.clientHeight / 2) / Math.max(1, frame.scrollHeight),
    ];
    this.zoomLevel = level;
    if (level === 1 || !this.puzzle) {
      delete frame.dataset.zoom;
      this.svg.style.width = "";
      return;
    }
    const width = level * this.#fittedWidth();
    frame.dataset.zoom = String(level);
    this.svg.style.width = `${width}px`;
    frame.scrollLeft = middle[0] * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = middle[1] * frame.scrollHeight - frame.clientHeight / 2;
  }

  /** No puzzle: the empty board gives its room to what follows it (style.css). */
  clear() {
    this.svg.replaceChildren();
    this.puzzle = null;
    this.svg.parentElement.dataset.empty = "";
  }

  /** The zoom level and where the zoomed frame is scrolled: to come back to (`restore`). */
  view() {
    const frame = this.svg.parentElement;
    return { level: this.zoomLevel, left: frame.scrollLeft, top: frame.scrollTop };
  }

  /** Zoom and scroll the frame back to a ``view`` taken before (`view`). */
  restore(view) {
    if (view.level !== this.zoomLevel) this.zoom(view.level === 1 ? 1 : view.level / this.zoomLevel);
    const frame = this.svg.parentElement;
    frame.scrollLeft = view.left;
    frame.scrollTop = view.top;
  }

  /** The viewBox's width and height. */
  #extent() {
    return [this.puzzle.width * SIZE + 2 * PAD, this.puzzle.height * SIZE + 2 * PAD];
  }

  /** The fitted board's width in px: its frame's, or less where the window's height bounds it. */
  #fittedWidth() {
    const frame = this.svg.parentElement;
    const [across, down] = this.#extent();
    return Math.min(frame.clientWidth, (this.#tallest() * across) / down);
  }

  /** The most height the board may take on screen (px): the window's below its top, or 12rem. */
  #tallest() {
    const frame = this.svg.parentElement;
    // Fitted, the board has this limit; zoomed, its frame (the same: style.css).
    const limit = parseFloat(getComputedStyle(frame.dataset.zoom ? frame : this.svg).maxHeight);
    return limit > 0 ? limit : Infinity;
  }

  /**
   * Give the board the window's height below where its frame starts on the page
   * (``--board-top``, style.css), as what lies above it stands now.
   */
  fit() {
    const top = this.svg.parentElement.getBoundingClientRect().top + window.scrollY;
    document.documentElement.style.setProperty("--board-top", `${Math.round(top)}px`);
  }

  /** Draw white cells with a dot (``shown``), or as open cells are. */
  showDots(shown) {
    this.dots = shown;
    this.svg.dataset.dots = String(shown);
    if (this.puzzle) this.show(this.grid);
  }

  #draw(x, y) {
    const state = STATES[this.grid[y][x]];
    this.rects[y][x].setAttribute("data-state", state);
    this.dotMarks[y][x].setAttribute("visibility", state === "white" && this.dots ? "visible" : "hidden");
    this.clues.get(`${x},${y}`)?.setAttribute("data-state", state);
  }

  /**
   * Mark cells: ``marks`` maps a highlight name ("reason", "new", ...) to [[x, y]...]; and
   * draw ``lines`` ({kind, from: [x, y], to: [x, y]}) from cell to cell: those along a row or
   * a column that overlap or meet side by side each in a lane of its own, so that each one
   * reads on its own; a slanting one (a pair of mirror cells) straight between its cells.
   */
  highlight(marks = {}, lines = []) {
    if (!this.puzzle) return;
    const lane = lanes(lines);
    const centre = ([x, y]) => [PAD + (x + 0.5) * SIZE, PAD + (y + 0.5) * SIZE];
    this.lineLayer.replaceChildren(
      ...lines.map(({ kind, from, to }, index) => {
        const [ax, ay] = centre(from);
        const [bx, by] = centre(to);
        const length = Math.hypot(bx - ax, by - ay) || 1;
        // Short of both centres, along the line; a lane's shift across it: down from a row,
        // right of a column (``from`` first: the left or upper end); none when slanting.
        const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
        const shift = lane[index] === null ? 0 : LANE_SHIFTS[lane[index] % LANE_SHIFTS.length] * SIZE;
        const [sx, sy] = [uy * shift, ux * shift];
        const inset = LINE_INSET * SIZE;
        return element("line", {
          class: "instance", "data-rule": kind,
          x1: ax + ux * inset + sx, y1: ay + uy * inset + sy, x2: bx - ux * inset + sx, y2: by - uy * inset + sy,
        });
      }),
    );
    const tokens = new Map();
    for (const [name, cells] of Object.entries(marks)) {
      for (const [x, y] of cells) {
        if (!this.rects[y]?.[x]) continue;
        const key = `${x},${y}`;
        if (!tokens.has(key)) tokens.set(key, new Set());
        tokens.get(key).add(name);
      }
    }
    this.rects.flat().forEach((rect) => {
      const key = `${rect.dataset.x},${rect.dataset.y}`;
      const names = tokens.get(key);
      if (names) rect.setAttribute("data-highlight", [...names].join(" "));
      else rect.removeAttribute("data-highlight");
      // A hint's black cell, not set yet, is painted dark: its number light, as a set one's.
      this.clues.get(key)?.toggleAttribute("data-new-black", names?.has("new-black") ?? false);
    });
  }

  /**
   * The cell [x, y] under the pointer at ``clientX``, ``clientY``: clamped to the grid, or
   * with ``clamp`` false null off the grid.
   */
  cellAt(clientX, clientY, clamp = true) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix || !this.puzzle) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const [x, y] = [Math.floor((point.x - PAD) / SIZE), Math.floor((point.y - PAD) / SIZE)];
    const { width, height } = this.puzzle;
    if (!clamp) return x >= 0 && y >= 0 && x < width && y < height ? [x, y] : null;
    return [Math.min(width - 1, Math.max(0, x)), Math.min(height - 1, Math.max(0, y))];
  }

  /** Outline the rectangle between cells ``a`` and ``b``, or nothing (no arguments). */
  preview(a = null, b = null) {
    if (!a || !b) {
      this.previewMark.setAttribute("visibility", "hidden");
      return;
    }
    const [x1, x2] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    const [y1, y2] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
    const attributes = {
      x: PAD + x1 * SIZE + 2, y: PAD + y1 * SIZE + 2,
      width: (x2 - x1 + 1) * SIZE - 4, height: (y2 - y1 + 1) * SIZE - 4, visibility: "visible",
    };
    for (const [key, value] of Object.entries(attributes)) this.previewMark.setAttribute(key, String(value));
  }

  /**
   * Scroll the page, and a zoomed board's frame, as little as it takes to show ``cells``
   * ([x, y]): the topmost first when not all fit. Cells too small to read (a large puzzle's)
   * are zoomed to first (`#magnify`), with ``area`` around them: the reason they go with;
   * on a zoomed board, cells out of the frame's view bring that box to its middle.
   */
  reveal(cells, area = cells) {
    const around = [...cells, ...area];
    if (this.puzzle && around.length) {
      this.fit(); // what lies above may have just changed height (a step's sentence)
      const box = {
        left: Math.min(...around.map(([x]) => x)), right: Math.max(...around.map(([x]) => x)) + 1,
        top: Math.min(...around.map(([, y]) => y)), bottom: Math.max(...around.map(([, y]) => y)) + 1,
      };
      this.#magnify(box);
      if (this.zoomLevel > 1 && !cells.every(([x, y]) => this.#inFrame(x, y))) this.#centre(box);
    }
    const ordered = [...cells].sort(([ax, ay], [bx, by]) => ay - by || ax - bx);
    for (const [x, y] of ordered.length ? [ordered.at(-1), ordered[0]] : []) {
      this.rects[y]?.[x]?.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  /**
   * Zoom in, where cells show smaller than `READABLE` and `magnifying` holds, until they
   * show at that size or ``box`` ({left, top, right, bottom}, in cells) fills the frame,
   * whichever comes first: only for a gain of a zoom step or more.
   */
  #magnify(box) {
    const [across, down] = this.#extent();
    const { width, height } = this.svg.getBoundingClientRect();
    const shown = Math.min(width / across, height / down); // px a viewBox unit on screen
    if (!this.magnifying || shown * SIZE >= READABLE) return;
    const fitted = this.#fittedWidth() / across; // px a viewBox unit at level 1
    const level = Math.min(
      READABLE / (SIZE * fitted),
      this.svg.parentElement.clientWidth / ((box.right - box.left) * SIZE * fitted),
      this.#tallest() / ((box.bottom - box.top) * SIZE * fitted), // the zoomed frame's height
    );
    if (level * fitted < ZOOM_STEP * shown) return; // a gain worth the frame's scrolling
    this.zoom(level / this.zoomLevel);
  }

  /** Whether the cell at ``x``, ``y`` lies whole in the zoomed frame's view. */
  #inFrame(x, y) {
    const cell = this.rects[y][x].getBoundingClientRect();
    const frame = this.svg.parentElement;
    const view = frame.getBoundingClientRect();
    const right = view.left + frame.clientWidth;
    const bottom = view.top + frame.clientHeight;
    const within = (low, high, start, end) => low >= start - 1 && high <= end + 1; // to a pixel
    return within(cell.left, cell.right, view.left, right) && within(cell.top, cell.bottom, view.top, bottom);
  }

  /** Scroll the zoomed frame to put ``box`` ({left, top, right, bottom}, in cells) in its middle. */
  #centre(box) {
    const frame = this.svg.parentElement;
    const board = this.svg.getBoundingClientRect();
    const view = frame.getBoundingClientRect();
    const [across] = this.#extent();
    const unit = board.width / across;
    const middle = (low, high) => (PAD + ((low + high) / 2) * SIZE) * unit;
    frame.scrollLeft += board.left + middle(box.left, box.right) - view.left - frame.clientWidth / 2;
    frame.scrollTop += board.top + middle(box.top, box.bottom) - view.top - frame.clientHeight / 2;
  }

  /** The cells of room ``number`` (from 1), as [[x, y]...]. */
  roomCells(number) {
    return this.puzzle?.rooms[number - 1]?.cells ?? [];
  }

  /** Move the keyboard cursor by ``dx``, ``dy`` (kept on the grid); returns its cell. */
  moveCursor(dx, dy) {
    const [x, y] = this.cursor;
    const { width, height } = this.puzzle;
    this.cursor = [Math.min(width - 1, Math.max(0, x + dx)), Math.min(height - 1, Math.max(0, y + dy))];
    this.#placeCursor();
    return this.cursor;
  }

  #placeCursor() {
    const [x, y] = this.cursor;
    this.cursorMark.setAttribute("x", PAD + x * SIZE + 3);
    this.cursorMark.setAttribute("y", PAD + y * SIZE + 3);
    this.svg.dataset.cursor = `${x},${y}`;
    this.#label();
  }

  /** The board's accessible name: its size and the cursor's cell. */
  #label() {
    const { width, height } = this.puzzle;
    this.svg.setAttribute("aria-label", `Board, ${width} by ${height}; cursor at ${this.#cursorWords()}`);
  }

  /** "r2c3: black, number 2": the cursor's cell, its state and number. */
  #cursorWords() {
    const [x, y] = this.cursor;
    const clue = this.clues.get(`${x},${y}`)?.textContent;
    return `${cellName(x, y)}: ${STATE_WORDS[this.grid[y]?.[x] ?? "?"]}${clue ? `, number ${clue}` : ""}`;
  }

  /**
   * Say the cursor's cell in the live region, after a key moved the cursor or marked its cell:
   * a screen reader does not read the focused board's name again as it changes.
   */
  #speak() {
    this.said.textContent = this.#cursorWords();
  }

  /** A press: its cell takes the next state (the secondary button: the one before). */
  #down(event) {
    if (this.readOnly || !this.puzzle || this.stroke || event.button > 2 || event.button === 1) return;
    const cell = this.cellAt(event.clientX, event.clientY, false);
    if (!cell) return;
    event.preventDefault();
    const [x, y] = cell;
    this.cursor = [x, y];
    this.#placeCursor();
    this.svg.focus({ preventScroll: true });
    this.svg.setPointerCapture?.(event.pointerId);
    const direction = event.button === 2 ? -1 : 1;
    const index = CYCLE.indexOf(this.grid[y][x]);
    this.stroke = { pointer: event.pointerId, last: cell };
    this.onStroke.begin(x, y, CYCLE[(index + direction + CYCLE.length) % CYCLE.length]);
  }

  /** A drag: every cell on the straight way from the last one takes the stroke's state. */
  #drag(event) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.pointer) return;
    const cell = this.cellAt(event.clientX, event.clientY, false);
    if (!cell || (cell[0] === stroke.last[0] && cell[1] === stroke.last[1])) return;
    const [dx, dy] = [cell[0] - stroke.last[0], cell[1] - stroke.last[1]];
    const steps = Math.max(Math.abs(dx), Math.abs(dy));
    for (let step = 1; step <= steps; step++) {
      this.onStroke.paint(
        stroke.last[0] + Math.round((dx * step) / steps),
        stroke.last[1] + Math.round((dy * step) / steps),
      );
    }
    stroke.last = cell;
    this.cursor = cell;
    this.#placeCursor();
  }

  #up(event) {
    if (!this.stroke || event.pointerId !== this.stroke.pointer) return;
    this.stroke = null;
    this.svg.releasePointerCapture?.(event.pointerId);
    this.onStroke.end();
  }

  /** A stroke taken back: its cells as they were, no move. */
  #drop(event) {
    if (!this.stroke || event.pointerId !== this.stroke.pointer) return;
    this.stroke = null;
    this.svg.releasePointerCapture?.(event.pointerId);
    this.onStroke.cancel();
  }

  /**
   * A finger down. A second one on a zoomed board (not a draft's) begins a pan: the first
   * one's stroke is taken back. True when the event belongs to a pan.
   */
  #touch(event) {
    if (event.pointerType !== "touch") return false;
    if (event.isPrimary) {
      // A new gesture's first finger: a finger lifted outside the board left no pointerup here.
      this.touches.clear();
      this.pan = null;
    }
    this.touches.set(event.pointerId, [event.clientX, event.clientY]);
    if (this.pan) {
      // A finger put down again: the pan goes on from where the two are now, not from before.
      if (this.touches.size === 2) this.pan = { ...this.#fingers(), frame: 0 };
      return true;
    }
    if (this.touches.size !== 2) return false;
    if (this.zoomLevel === 1 || !this.puzzle || this.svg.dataset.mode === "compose") return false;
    if (this.stroke) {
      this.stroke = null; // its finger stays captured: the pan's moves come here
      this.onStroke.cancel();
    }
    this.pan = { ...this.#fingers(), frame: 0 };
    event.preventDefault();
    return true;
  }

  /** Where two fingers meet half way, and how far apart they are (client px). */
  #fingers() {
    const [[ax, ay], [bx, by]] = this.touches.values();
    return { middle: [(ax + bx) / 2, (ay + by) / 2], apart: Math.hypot(ax - bx, ay - by) };
  }

  /**
   * Fingers moving: two pan the zoomed frame with them, and zoom the board as they spread
   * or pinch, once a frame (each finger's move comes on its own: taken one by one, a pan
   * would read as pinches). True when the event belongs to a pan.
   */
  #pan(event) {
    if (!this.touches.has(event.pointerId)) return false;
    this.touches.set(event.pointerId, [event.clientX, event.clientY]);
    if (!this.pan || this.touches.size !== 2) return this.pan !== null;
    this.pan.frame ||= requestAnimationFrame(() => this.#follow());
    return true;
  }

  /** Pan and zoom as the two fingers moved since the last frame (zoom by steps of 5%). */
  #follow() {
    if (!this.pan) return;
    cancelAnimationFrame(this.pan.frame);
    const now = this.#fingers();
    let apart = this.pan.apart;
    const factor = now.apart / Math.max(1, apart);
    if (Math.abs(factor - 1) > 0.05) {
      this.zoom(factor);
      apart = now.apart;
    }
    const frame = this.svg.parentElement;
    frame.scrollLeft -= now.middle[0] - this.pan.middle[0];
    frame.scrollTop -= now.middle[1] - this.pan.middle[1];
    this.pan = { middle: now.middle, apart, frame: 0 };
  }

  /** A finger lifted; a pan ends with its last finger. True when the event belonged to a pan. */
  #lift(event) {
    if (!this.touches.has(event.pointerId)) return false;
    if (this.pan?.frame && this.touches.size === 2) this.#follow(); // the moves not yet followed
    this.touches.delete(event.pointerId);
    if (!this.pan) return false;
    if (this.touches.size === 0) this.pan = null;
    return true;
  }

  #key(event) {
    if (!this.puzzle || this.readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      this.moveCursor(...move);
      this.#speak();
      return;
    }
    const char = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (char !== undefined) {
      event.preventDefault();
      this.onChange(...this.cursor, char);
      this.#speak();
    }
  }
}
