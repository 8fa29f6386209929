// A draft an author composes: a grid of rooms and their numbers, edited by pure functions
// (each returns a new draft), and written as our JSON format and as a puzz.link URL.
//
// A draft is {width, height, room, clues}: room[y][x] is the cell's room index, the rooms
// numbered from 0 in reading order of their first cell (smallest y, then x), every room
// connected; clues[i] is room i's number, "?" (hidden) or null.

import { PLAIN, VARIANTS } from "./kinds.js";

export const MAX_SIZE = 50;

const BASE32 = "0123456789abcdefghijklmnopqrstuv";
const PREFIX = "https://puzz.link/p?";

const grid = (width, height, fill) =>
  Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => fill(x, y)));

/**
 * The draft of ``labels`` (rows of any room labels) with ``clueOf(label)``: each connected
 * part of a label becomes a room; a label's clue goes to its largest part (the first in
 * reading order among equals), its other parts have none.
 */
export function fromLabels(labels, clueOf = () => null) {
  const height = labels.length;
  const width = labels[0].length;
  const room = grid(width, height, () => -1);
  const parts = []; // {label, size}, in reading order of first cells
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (room[y][x] !== -1) continue;
      const index = parts.length;
      const label = labels[y][x];
      let size = 0;
      const stack = [[x, y]];
      room[y][x] = index;
      while (stack.length > 0) {
        const [cx, cy] = stack.pop();
        size += 1;
        for (const [nx, ny] of [[cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]]) {
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          if (room[ny][nx] !== -1 || labels[ny][nx] !== label) continue;
          room[ny][nx] = index;
          stack.push([nx, ny]);
        }
      }
      parts.push({ label, size });
    }
  }
  const largest = new Map(); // label -> index of its largest part
  parts.forEach((part, index) => {
    const best = largest.get(part.label);
    if (best === undefined || parts[best].size < part.size) largest.set(part.label, index);
  });
  const clues = parts.map((part, index) =>
    largest.get(part.label) === index ? (clueOf(part.label) ?? null) : null,
  );
  return { width, height, room, clues };
}

/** A ``width`` x ``height`` draft: one room, no number. */
export function blank(width, height) {
  return fromLabels(grid(width, height, () => 0));
}

/** The number of rooms. */
export const roomCount = (draft) => draft.clues.length;

/** The cells of room ``index``, in reading order. */
export function cellsOf(draft, index) {
  const cells = [];
  draft.room.forEach((row, y) => row.forEach((r, x) => r === index && cells.push([x, y])));
  return cells;
}

/**
 * The most black cells room ``index`` can hold, none side by side: its cells less a largest
 * matching of neighbouring cells (König: a grid's cells are bipartite by colour).
 */
export function mostBlack(draft, index) {
  const cells = cellsOf(draft, index);
  const inRoom = new Set(cells.map(([x, y]) => `${x},${y}`));
  const partner = new Map(); // an odd cell -> the even cell matched to it
  const augment = ([x, y], seen) => {
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
      const key = `${nx},${ny}`;
      if (!inRoom.has(key) || seen.has(key)) continue;
      seen.add(key);
      if (!partner.has(key) || augment(partner.get(key), seen)) {
        partner.set(key, [x, y]);
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (const cell of cells) {
    if ((cell[0] + cell[1]) % 2 === 0 && augment(cell, new Set())) matched += 1;
  }
  return cells.length - matched;
}

/** Whether two drafts are the same. */
export const same = (a, b) =>
  a.width === b.width && a.height === b.height &&
  a.room.every((row, y) => row.every((r, x) => r === b.room[y][x])) &&
  a.clues.every((clue, index) => clue === b.clues[index]);

/**
 * The rectangle between cells ``a`` and ``b`` made a room of its own, taken from the rooms it
 * overlaps (their cells left apart become rooms of their own). The same draft when the
 * rectangle is a room already.
 */
export function rectangle(draft, [ax, ay], [bx, by]) {
  const [x1, x2] = [Math.min(ax, bx), Math.max(ax, bx)];
  const [y1, y2] = [Math.min(ay, by), Math.max(ay, by)];
  const inside = (x, y) => x >= x1 && x <= x2 && y >= y1 && y <= y2;
  const index = draft.room[y1][x1];
  const whole = draft.room.every((row, y) => row.every((r, x) => (r === index) === inside(x, y)));
  if (whole) return draft;
  const NEW = -1;
  const labels = grid(draft.width, draft.height, (x, y) => (inside(x, y) ? NEW : draft.room[y][x]));
  return fromLabels(labels, (label) => (label === NEW ? null : draft.clues[label]));
}

/** Whether cell ``[x, y]`` is beside a cell of room ``index``. */
export function touches(draft, index, [x, y]) {
  return [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]].some(
    ([nx, ny]) => draft.room[ny]?.[nx] === index,
  );
}

/**
 * Cell ``cell`` added to room ``index`` (it must be beside it); the room it leaves keeps
 * its number in its largest part. Returns the draft and the room's new index.
 */
export function paint(draft, index, cell) {
  const [x, y] = cell;
  if (draft.room[y][x] === index || !touches(draft, index, cell)) return { draft, index };
  const labels = draft.room.map((row) => [...row]);
  labels[y][x] = index;
  const next = fromLabels(labels, (label) => draft.clues[label]);
  const anchor = cellsOf(draft, index)[0];
  return { draft: next, index: next.room[anchor[1]][anchor[0]] };
}

/** Rooms ``a`` and ``b`` made one (null unless they are side by side): a's number, else b's. */
export function merge(draft, a, b) {
  if (a === b) return null;
  const beside = cellsOf(draft, b).some((cell) => touches(draft, a, cell));
  if (!beside) return null;
  const labels = draft.room.map((row) => row.map((r) => (r === b ? a : r)));
  return fromLabels(labels, (label) =>
    label === a ? (draft.clues[a] ?? draft.clues[b]) : draft.clues[label],
  );
}

/** Room ``index``'s number set to ``clue`` (a number, "?" or null). */
export function setClue(draft, index, clue) {
  const clues = [...draft.clues];
  clues[index] = clue;
  return { ...draft, clues };
}

/**
 * Room ``index`` cut in two: the cells ``part`` (``[x, y]`` pairs) a room of their own.
 * ``clues``: the numbers of the rest and of ``part``.
 */
export function split(draft, index, part, [restClue, partClue]) {
  const CUT = -1;
  const labels = draft.room.map((row) => [...row]);
  for (const [x, y] of part) labels[y][x] = CUT;
  return fromLabels(labels, (label) =>
    label === CUT ? partClue : label === index ? restClue : draft.clues[label],
  );
}

/** The grid made ``width`` x ``height``: what fits is kept, the new cells one new room. */
export function resize(draft, width, height) {
  const NEW = -1;
  const labels = grid(width, height, (x, y) => draft.room[y]?.[x] ?? NEW);
  return fromLabels(labels, (label) => (label === NEW ? null : draft.clues[label]));
}

/** The draft turned a quarter clockwise: its width is the height it had. */
export function rotate(draft) {
  const labels = grid(draft.height, draft.width, (x, y) => draft.room[draft.height - 1 - x][y]);
  return fromLabels(labels, (label) => draft.clues[label]);
}

/** The draft mirrored left to right. */
export function flip(draft) {
  const labels = grid(draft.width, draft.height, (x, y) => draft.room[y][draft.width - 1 - x]);
  return fromLabels(labels, (label) => draft.clues[label]);
}

/** The draft in our JSON format's object form ({width, height, rooms}), of Heyawake's rules. */
export function toObject(draft) {
  return {
    width: draft.width,
    height: draft.height,
    rooms: draft.clues.map((clue, index) => ({ cells: cellsOf(draft, index), clue })),
  };
}

/** The draft of a puzzle object ({width, height, rooms: [{cells, clue}]}), rooms renumbered. */
export function fromObject(puzzle) {
  const labels = grid(puzzle.width, puzzle.height, () => -1);
  puzzle.rooms.forEach((room, index) => room.cells.forEach(([x, y]) => (labels[y][x] = index)));
  return fromLabels(labels, (label) => puzzle.rooms[label]?.clue ?? null);
}

function pack(bits) {
  let text = "";
  for (let start = 0; start < bits.length; start += 5) {
    let value = 0;
    for (let i = 0; i < 5; i++) if (bits[start + i]) value |= 1 << (4 - i);
    text += BASE32[value];
  }
  return text;
}

/** The draft's puzz.link URL of type ``variant`` (pzprjs's encoding; numbers up to 4095). */
export function toUrl(draft, variant = PLAIN) {
  const { width, height, room } = draft;
  const vertical = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x + 1 < width; x++) vertical.push(room[y][x] !== room[y][x + 1]);
  }
  const horizontal = [];
  for (let y = 0; y + 1 < height; y++) {
    for (let x = 0; x < width; x++) horizontal.push(room[y][x] !== room[y + 1][x]);
  }
  let numbers = "";
  let skipped = 0;
  draft.clues.forEach((clue, index) => {
    const last = index === draft.clues.length - 1;
    if (clue === null) {
      skipped += 1;
      if (skipped === 20 || last) {
        numbers += String.fromCharCode(103 + skipped - 1); // g..z: skip 1..20
        skipped = 0;
      }
      return;
    }
    if (skipped) numbers += String.fromCharCode(103 + skipped - 1);
    skipped = 0;
    if (clue === "?") numbers += ".";
    else if (clue < 16) numbers += clue.toString(16);
    else if (clue < 256) numbers += `-${clue.toString(16).padStart(2, "0")}`;
    else numbers += `+${clue.toString(16).padStart(3, "0")}`;
  });
  return `${PREFIX}${variant}/${width}/${height}/${pack(vertical)}${pack(horizontal)}${numbers}`;
}

/**
 * The draft of a puzz.link URL (…heyawake/W/H/BODY, or a variant's type), its type as
 * ``variant``; throws Error on one it cannot read.
 */
export function fromUrl(url) {
  const match = new RegExp(`(${Object.keys(VARIANTS).join("|")})\\/(\\d+)\\/(\\d+)\\/([^#\\s]*)`).exec(url);
  if (!match) throw new Error("not a heyawake puzz.link URL");
  const [, variant, columns, rows, body] = match;
  const [width, height] = [Number(columns), Number(rows)];
  if (width < 1 || height < 1 || width > MAX_SIZE || height > MAX_SIZE) {
    throw new Error(`a ${width}x${height} grid: drafts are 1 to ${MAX_SIZE} cells a side`);
  }
  let position = 0;
  const unpack = (count) => {
    const length = Math.ceil(count / 5);
    const chars = body.slice(position, position + length);
    if (chars.length < length) throw new Error("the URL is cut short");
    position += length;
    const bits = [];
    for (const char of chars) {
      const value = BASE32.indexOf(char);
      if (value < 0) throw new Error(`'${char}' is not a border character`);
      for (let i = 4; i >= 0; i--) bits.push(((value >> i) & 1) === 1);
    }
    return bits.slice(0, count);
  };
  const vertical = unpack(height * (width - 1));
  const horizontal = unpack((height - 1) * width);
  // Cells joined unless a border parts them: label by flood fill, rooms in reading order.
  const labels = grid(width, height, () => -1);
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (labels[y][x] !== -1) continue;
      const stack = [[x, y]];
      labels[y][x] = count;
      while (stack.length > 0) {
        const [cx, cy] = stack.pop();
        const next = [];
        if (cx + 1 < width && !vertical[cy * (width - 1) + cx]) next.push([cx + 1, cy]);
        if (cx > 0 && !vertical[cy * (width - 1) + cx - 1]) next.push([cx - 1, cy]);
        if (cy + 1 < height && !horizontal[cy * width + cx]) next.push([cx, cy + 1]);
        if (cy > 0 && !horizontal[(cy - 1) * width + cx]) next.push([cx, cy - 1]);
        for (const [nx, ny] of next) {
          if (labels[ny][nx] === -1) {
            labels[ny][nx] = count;
            stack.push([nx, ny]);
          }
        }
      }
      count += 1;
    }
  }
  const clues = new Array(count).fill(null);
  let index = 0;
  while (position < body.length && index < count) {
    const char = body[position];
    if (char === ".") {
      clues[index++] = "?";
      position += 1;
    } else if (char === "-" || char === "+") {
      const digits = body.slice(position + 1, position + (char === "-" ? 3 : 4));
      clues[index++] = Number.parseInt(digits, 16);
      position += 1 + digits.length;
    } else if (char >= "g" && char <= "z") {
      index += char.charCodeAt(0) - 102;
      position += 1;
    } else if (/[0-9a-f]/.test(char)) {
      clues[index++] = Number.parseInt(char, 16);
      position += 1;
    } else {
      throw new Error(`'${char}' is not a number character`);
    }
    if (Number.isNaN(clues[index - 1])) throw new Error("a number is cut short");
  }
  return { ...fromLabels(labels, (label) => clues[label]), variant };
}
