// What the browser keeps: a game's progress, one entry per puzzle (by its source): the grid,
// the moves to undo and redo, the clock's seconds and whether it was solved; and the page's
// own choices. Storage that is full or refused (a private window) keeps nothing, silently.

const PREFIX = "heyawake:game:";
const CHARS = /^[#.?]*$/;

const entry = (puzzle) => PREFIX + puzzle.source;

/** What this browser keeps under ``key``: null for nothing, or what does not read. */
export function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/** Keep ``value`` under ``key`` (JSON); whether it was kept. */
export function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // nothing kept (storage full or refused): the page goes on
  }
}

/** Keep ``state`` ({grid, done, undone, seconds, solved}) for ``puzzle``. */
export function keep(puzzle, state) {
  store(entry(puzzle), { ...state, grid: state.grid.map((row) => row.join("")) });
}

/** The state kept for ``puzzle`` (its grid as arrays of chars), or null if none fits it. */
export function recall(puzzle) {
  const kept = stored(entry(puzzle));
  if (!fits(kept, puzzle)) return null;
  return { ...kept, grid: kept.grid.map((row) => Array.from(row)) };
}

/** Whether ``kept`` is a state of ``puzzle``'s size (storage is the user's to edit). */
function fits(kept, { width, height }) {
  const cell = (change) =>
    Number.isInteger(change?.x) && Number.isInteger(change?.y) && change.x >= 0 && change.y >= 0 &&
    change.x < width && change.y < height && CHARS.test(change.from) && CHARS.test(change.to);
  // A Start over's move holds the clock as it was and as it became: [seconds, solved] each.
  const time = (side) => Array.isArray(side) && side.length === 2 && Number.isFinite(side[0]) && side[0] >= 0 &&
    typeof side[1] === "boolean";
  const clock = (change) => change?.clock === true && time(change.from) && time(change.to);
  const moves = (list) =>
    Array.isArray(list) && list.every((move) => Array.isArray(move) && move.every((change) => cell(change) || clock(change)));
  return (
    kept !== null && typeof kept === "object" && Array.isArray(kept.grid) &&
    kept.grid.length === height &&
    kept.grid.every((row) => typeof row === "string" && row.length === width && CHARS.test(row)) &&
    moves(kept.done) && moves(kept.undone) && Number.isFinite(kept.seconds) && kept.seconds >= 0 &&
    typeof kept.solved === "boolean"
  );
}
