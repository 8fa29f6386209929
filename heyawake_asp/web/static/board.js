// The board in SVG: cells, room walls, clues, a keyboard cursor; clicks and keys turn
// into cell changes handed to ``onChange(x, y, char)`` ('#' black, '.' white, '?' open).

const SVG = "http://www.w3.org/2000/svg";
export const SIZE = 40; // a cell's side in the viewBox
export const PAD = 3; // room for the outer wall
const STATES = { "?": "unknown", "#": "black", ".": "white" };
const CYCLE = ["?", "#", "."]; // a click moves right, a right-click left
const KEYS = {
  " ": "#", x: "#", b: "#",
  ".": ".", w: ".", o: ".",
  Backspace: "?", Delete: "?", 0: "?",
};
export const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/** "r2c3" for the cell at x=2, y=1, as the step sentences name cells. */
export function cellName(x, y) {
  return `r${y + 1}c${x + 1}`;
}

export class Board {
  constructor(svg, onChange) {
    this.svg = svg;
    this.onChange = onChange;
    this.readOnly = false;
    this.puzzle = null;
    this.grid = [];
    this.cursor = [0, 0];
    svg.addEventListener("click", (event) => this.#press(event, 1));
    svg.addEventListener("contextmenu", (event) => this.#press(event, -1));
    svg.addEventListener("keydown", (event) => this.#key(event));
  }

  /**
   * Draw ``puzzle`` ({width, height, rooms: [{cells: [[x, y]...], clue}]}) with open cells;
   * ``roomNumbers``: each cell says its room's index (from 0) in data-room.
   */
  setPuzzle(puzzle, { roomNumbers = false } = {}) {
    this.puzzle = puzzle;
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
    this.dots = [];
    for (let y = 0; y < height; y++) {
      const rectRow = [];
      const dotRow = [];
      for (let x = 0; x < width; x++) {
        const rect = element("rect", {
          class: "cell", x: PAD + x * SIZE, y: PAD + y * SIZE, width: SIZE, height: SIZE,
          "data-x": x, "data-y": y, "data-state": "unknown",
        });
        if (roomNumbers) rect.setAttribute("data-room", roomOf[y][x]);
        const at = clueCells.has(`${x},${y}`) ? 0.84 : 0.5; // beside a clue, in the corner
        const dot = element("circle", {
          class: "dot", cx: PAD + (x + at) * SIZE, cy: PAD + (y + at) * SIZE, r: SIZE * (at === 0.5 ? 0.1 : 0.07),
          visibility: "hidden",
        });
        cells.append(rect);
        marks.append(dot);
        rectRow.push(rect);
        dotRow.push(dot);
      }
      this.rects.push(rectRow);
      this.dots.push(dotRow);
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
    svg.append(cells, wallPath, frame, marks, this.cursorMark, this.previewMark);
    this.cursor = [0, 0];
    this.#placeCursor();
    this.show(Array.from({ length: height }, () => new Array(width).fill("?")));
  }

  /** Show ``grid`` (rows of '#', '.', '?'; strings or arrays). */
  show(grid) {
    this.grid = grid.map((row) => Array.from(row));
    this.#label();
    this.grid.forEach((row, y) =>
      row.forEach((char, x) => {
        const state = STATES[char];
        this.rects[y][x].setAttribute("data-state", state);
        this.dots[y][x].setAttribute("visibility", state === "white" ? "visible" : "hidden");
        this.clues.get(`${x},${y}`)?.setAttribute("data-state", state);
      }),
    );
  }

  /** Mark cells: ``marks`` maps a highlight name ("reason", "new", ...) to [[x, y]...]. */
  highlight(marks = {}) {
    if (!this.puzzle) return;
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
      const names = tokens.get(`${rect.dataset.x},${rect.dataset.y}`);
      if (names) rect.setAttribute("data-highlight", [...names].join(" "));
      else rect.removeAttribute("data-highlight");
    });
  }

  /** The cell [x, y] under the pointer at ``clientX``, ``clientY`` (clamped to the grid). */
  cellAt(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix || !this.puzzle) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const clamp = (value, most) => Math.min(most - 1, Math.max(0, Math.floor((value - PAD) / SIZE)));
    return [clamp(point.x, this.puzzle.width), clamp(point.y, this.puzzle.height)];
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
    const [x, y] = this.cursor;
    const state = STATES[this.grid[y]?.[x] ?? "?"];
    const clue = this.clues.get(`${x},${y}`)?.textContent;
    const { width, height } = this.puzzle;
    this.svg.setAttribute(
      "aria-label",
      `Board, ${width} by ${height}; cursor at ${cellName(x, y)}: ${state}${clue ? `, clue ${clue}` : ""}`,
    );
  }

  #press(event, direction) {
    if (event.type === "contextmenu") event.preventDefault();
    const rect = event.target.closest?.("rect.cell");
    if (!rect || this.readOnly) return;
    const [x, y] = [Number(rect.dataset.x), Number(rect.dataset.y)];
    this.cursor = [x, y];
    this.#placeCursor();
    this.svg.focus({ preventScroll: true });
    const index = CYCLE.indexOf(this.grid[y][x]);
    this.onChange(x, y, CYCLE[(index + direction + CYCLE.length) % CYCLE.length]);
  }

  #key(event) {
    if (!this.puzzle || this.readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      this.moveCursor(...move);
      return;
    }
    const char = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (char !== undefined) {
      event.preventDefault();
      this.onChange(...this.cursor, char);
    }
  }
}
