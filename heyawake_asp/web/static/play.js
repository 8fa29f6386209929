// Playing: the player's grid, moves with undo and redo (a drag is one move), kept in the
// browser's storage per puzzle, and the Check, Hint, Solve and Grade buttons, each asking
// the API about the puzzle and the grid as it stands. A grid whose black cells are right is
// solved, its unmarked cells counted white (as puzz.link judges), unless ``strict``.

import { abort, hold, post } from "./api.js";
import { cellName } from "./board.js";
import { recall, keep } from "./progress.js";
import { explain, mark, reasonCells } from "./reason.js";
import { VARIANTS } from "./kinds.js";
import { list, report, revealSentence, say, unsteady } from "./status.js";
import { capitalised, gradeSentence, noSolution, plural, ruleWords, sentence } from "./words.js";

const xy = (cell) => [cell.x, cell.y];
const names = (cells) => cells.map((cell) => cellName(cell.x, cell.y)).join(", ");

export class Play {
  constructor(board, timer, options) {
    this.board = board;
    this.timer = timer;
    this.options = options; // the checkboxes autoCheck, strict and mirror
    this.mirrors = new Map(); // "x,y" -> [x, y]: each cell's mirror in its room (symmetric rooms)
    this.puzzle = null;
    this.grid = [];
    this.done = []; // moves, each a list of {x, y, from, to}
    this.undone = [];
    this.stroke = null; // {char, move}: the drag being made
    this.solved = false;
    this.shownHint = null; // {step, key}: the hint on the board, for the grid ``key``
    this.saidFor = null; // the grid the status's sentence is about
    this.onHistory = () => {};
  }

  /**
   * Begin ``puzzle`` ({source, width, height, rooms}): where the player left it in this
   * browser (grid, history, clock), else with every cell open. Returns whether it went on.
   */
  start(puzzle) {
    this.puzzle = puzzle;
    unsteady();
    this.mirrors = VARIANTS[puzzle.variant]?.symmetric_rooms ? mirrorsOf(puzzle) : new Map();
    const kept = recall(puzzle);
    this.grid = kept?.grid ?? Array.from({ length: puzzle.height }, () => new Array(puzzle.width).fill("?"));
    this.done = kept?.done ?? [];
    this.undone = kept?.undone ?? [];
    this.solved = kept?.solved ?? false;
    this.shownHint = null;
    this.board.zoom(1); // whole, as it opens: a step or a hint may have zoomed the last one
    this.board.magnifying = true;
    this.board.setPuzzle(puzzle);
    this.board.show(this.grid);
    list();
    this.timer.start(kept?.seconds ?? 0, !this.solved);
    this.onHistory();
    return kept !== null;
  }

  /** Go on from ``marks`` (rows of '#', '.', '?': a puzz.link file's shading), no history. */
  adopt(marks) {
    this.grid = marks.map((row) => Array.from(row));
    this.done = [];
    this.undone = [];
    this.solved = false;
    this.redraw();
    this.onHistory();
    this.keep();
  }

  /**
   * Begin the puzzle again: every cell open and the clock at 0, one move that Undo takes back
   * (the cells, the clock and whether it was solved, as they were).
   */
  startOver() {
    if (!this.puzzle) return;
    const marked = this.#changes(this.grid.flatMap((row, y) => row.map((_, x) => [x, y, "?"])));
    const clock = { clock: true, from: [this.timer.seconds(), this.solved], to: [0, false] };
    this.#record([...marked, clock], false);
    this.#say("Started over: every cell is open again and the clock at 0 (Undo brings them back).");
  }

  /** Keep the progress in the browser's storage (after each move, and as the page goes). */
  keep() {
    if (!this.puzzle) return;
    keep(this.puzzle, {
      grid: this.grid, done: this.done, undone: this.undone, solved: this.solved,
      seconds: this.timer.seconds(),
    });
  }

  rows() {
    return this.grid.map((row) => row.join(""));
  }

  key() {
    return this.rows().join("/");
  }

  /** Show the player's grid (again) with no marks. */
  redraw() {
    this.board.show(this.grid);
    this.board.highlight();
  }

  /** The player sets one cell (a key). */
  set(x, y, char) {
    this.move(this.#withMirror(x, y).map(([cx, cy]) => [cx, cy, char]));
  }

  /** The cell ``x``, ``y`` and, when the mirror box is ticked, its mirror in its room. */
  #withMirror(x, y) {
    const mirror = this.options.mirror.checked ? this.mirrors.get(`${x},${y}`) : undefined;
    return mirror && (mirror[0] !== x || mirror[1] !== y) ? [[x, y], mirror] : [[x, y]];
  }

  /** A press on the cell ``x``, ``y`` turning it to ``char``: a drag goes on with ``char``. */
  begin(x, y, char) {
    this.stroke = { char, move: [] };
    this.paint(x, y);
  }

  /** The drag passes the cell ``x``, ``y``: it takes the drag's state. */
  paint(x, y) {
    const stroke = this.stroke;
    if (!stroke) return;
    for (const [cx, cy] of this.#withMirror(x, y)) {
      if (this.grid[cy][cx] === stroke.char) continue;
      stroke.move.push({ x: cx, y: cy, from: this.grid[cy][cx], to: stroke.char });
      this.grid[cy][cx] = stroke.char;
      this.board.setCell(cx, cy, stroke.char);
    }
  }

  /** The drag ends: its cells are one move. */
  end() {
    const stroke = this.stroke;
    this.stroke = null;
    if (stroke && stroke.move.length > 0) this.#record(stroke.move);
  }

  /** The drag is taken back (two fingers began a pan): its cells as they were, no move. */
  cancel() {
    const stroke = this.stroke;
    this.stroke = null;
    for (const { x, y, from } of [...(stroke?.move ?? [])].reverse()) {
      this.grid[y][x] = from;
      this.board.setCell(x, y, from);
    }
  }

  /** Set the cells ``changes`` ([[x, y, char]...]) as one move (``check``: as after a move). */
  move(changes, check = true) {
    const move = this.#changes(changes);
    if (move.length > 0) this.#record(move, check);
  }

  /** ``changes`` ([[x, y, char]...]) as a move's changes: those that change their cell. */
  #changes(changes) {
    return changes
      .filter(([x, y, char]) => this.grid[y][x] !== char)
      .map(([x, y, char]) => ({ x, y, from: this.grid[y][x], to: char }));
  }

  /** Make ``move`` (its cells' ``to``) the latest move, which Undo takes back. */
  #record(move, check = true) {
    this.done.push(move);
    this.undone = [];
    this.#apply(move, "to", check);
  }

  undo() {
    const move = this.done.pop();
    if (!move) return;
    this.undone.push(move);
    this.#apply(move, "from");
  }

  redo() {
    const move = this.undone.pop();
    if (!move) return;
    this.done.push(move);
    this.#apply(move, "to");
  }

  #apply(move, side, check = true) {
    abort(["check", "hint"]);
    for (const change of move) {
      if (change.clock) this.#setClock(...change[side]);
      else this.grid[change.y][change.x] = change[side];
    }
    this.shownHint = null;
    this.redraw();
    list();
    this.onHistory();
    this.keep();
    if (check) this.check({ quiet: !this.options.autoCheck.checked });
  }

  /** The clock at ``seconds``, stopped there when ``solved`` (a Start over's move). */
  #setClock(seconds, solved) {
    this.solved = solved;
    this.timer.start(seconds, !solved);
  }

  /** Say ``text`` about the grid as it is now. */
  #say(text, kind = "info") {
    say(text, kind);
    this.saidFor = this.key();
  }

  /**
   * Mark the rules the grid breaks; "Solved!" once its black cells are right.

   ``quiet`` (after a move, without auto-check): only whether it is solved; a sentence about
   an earlier grid gives way to a neutral one.
   */
  async check({ quiet = false } = {}) {
    if (!this.puzzle) return;
    try {
      const reply = await post("check", "check", {
        puzzle: this.puzzle.source, grid: this.rows(), strict: this.options.strict.checked,
      });
      if (reply.solved) {
        this.board.highlight();
        list();
        if (!this.solved) {
          this.timer.stop();
          unsteady(); // the game is over: the room a longer sentence kept gives way
        }
        this.solved = true;
        this.keep();
        this.#say(`Solved in ${this.timer.text()}!`, "solved");
        return;
      }
      if (quiet) {
        if (this.saidFor !== this.key()) this.#say(this.#progress());
        return;
      }
      if (!this.#showBroken(reply.violations)) {
        this.board.highlight();
        list();
        const open = this.grid.flat().filter((char) => char === "?").length;
        const strict = this.options.strict.checked && open > 0;
        this.#say(`No rule is broken so far${strict ? `; strict: solved once every cell is marked (${plural(open, "cell")} open)` : ""}.`);
      }
    } catch (error) {
      report(error);
    }
  }

  /**
   * Mark the cells of the rules ``violations`` (the checker's) break, list them all below the
   * board and name the first in the sentence, in view; false, and nothing shown, for none.
   */
  #showBroken(violations) {
    if (violations.length === 0) return false;
    const error = violations.flatMap((violation) =>
      violation.rule === 3 && violation.room !== null
        ? this.board.roomCells(violation.room)
        : violation.cells.map(xy),
    );
    this.board.highlight({ error });
    const broken = violations.map((violation) => ruleWords(violation.message));
    list(broken.map(capitalised));
    const more = violations.length - 1;
    const rest = more > 0 ? `; ${more} more marked and listed below the board` : "";
    this.#say(`Rule broken: ${broken[0]}${rest}.`, "error");
    this.#reveal(error);
    return true;
  }

  /** A neutral sentence on the grid: how many cells are marked. */
  #progress() {
    const cells = this.grid.flat();
    const marked = cells.filter((char) => char !== "?").length;
    return `${marked} of ${cells.length} cells marked.`;
  }

  /** Show the next step and why; pressed again on the same grid, set its cells. */
  async hint() {
    if (!this.puzzle) return;
    const shown = this.shownHint;
    if (shown && shown.key === this.key()) {
      this.move(shown.step.settles.map((cell) => [cell.x, cell.y, cell.black ? "#" : "."]));
      this.#say(`Applied: ${sentence(shown.step.text)}`);
      return;
    }
    const key = this.key();
    hold(1); // a conflict asks Check too: the page is busy until both are answered
    try {
      const reply = await post("hint", "hint", { puzzle: this.puzzle.source, grid: this.rows() });
      list();
      if (reply.step) {
        const step = reply.step;
        mark(this.board, step);
        this.shownHint = { step, key };
        explain(step, "", ` Press Hint again to set ${step.settles.length === 1 ? "it" : "them"}.`);
        this.#reveal(step.settles.map(xy), reasonCells(step));
        this.saidFor = key;
      } else if (reply.conflict) {
        // A grid that breaks a rule by itself is told so, as Check tells it, rather than
        // with the cell no solution has (which gives that cell's colour away).
        const checked = await post("check", "check", { puzzle: this.puzzle.source, grid: this.rows() });
        if (this.#showBroken(checked.violations)) return;
        this.board.highlight({ conflict: reply.conflict.map(xy) });
        const text = reply.conflict.length === 1
          ? `${names(reply.conflict)} cannot hold: no solution has it so. Undo or clear it.`
          : `These cells cannot all hold: ${names(reply.conflict)}. Undo or clear one of them.`;
        this.#say(text, "error");
        this.#reveal(reply.conflict.map(xy));
      } else if (reply.unsolvable) {
        const cells = reply.unsolvable.flatMap((room) => this.board.roomCells(room));
        this.board.highlight({ conflict: cells });
        this.#say(noSolution(reply.why), "error");
        this.#reveal(cells);
      } else if (!this.grid.flat().includes("?")) {
        await this.check();
      } else {
        this.board.highlight();
        this.#say("Nothing more can be settled from here.");
      }
    } catch (error) {
      report(error);
    } finally {
      hold(-1);
    }
  }

  /**
   * Scroll as little as it takes to show ``cells`` ([x, y]), zoomed with ``area`` where too
   * small to read (`Board.reveal`), then the sentence, which wins.
   */
  #reveal(cells, area = cells) {
    this.board.reveal(cells, area);
    revealSentence();
  }

  /** Show a solution (undoable), saying whether it is the only one. */
  async solve() {
    if (!this.puzzle) return;
    try {
      const reply = await post("solve", "solve", { puzzle: this.puzzle.source });
      if (reply.status !== "solved") {
        this.#say(reply.status === "unsatisfiable" ? noSolution(null) : `No solution found (${reply.status}).`, "error");
        return;
      }
      const solution = reply.solutions[0];
      this.timer.stop();
      this.move(solution.flatMap((row, y) => Array.from(row, (char, x) => [x, y, char])), false);
      this.board.highlight();
      list();
      this.#say(reply.unique ? "The solution (it is the only one)." : "A solution: this puzzle has more than one, so it is not a fair puzzle.");
    } catch (error) {
      report(error);
    }
  }

  /** Say how hard the puzzle is (and when it has several solutions, that it is unfair). */
  async grade() {
    if (!this.puzzle) return;
    hold(1); // an expert grade asks Solve too: the page is busy until both are answered
    try {
      const source = this.puzzle.source;
      const reply = await post("grade", "grade", { puzzle: source });
      // Stopped past the last bound, a grade does not say whether the walk went to the cells
      // all solutions share: asked here, so that an unfair puzzle is told so at any grade.
      const several = reply.status === "above" && !(await post("grade", "solve", { puzzle: source })).unique;
      this.#say(gradeSentence(reply, several));
    } catch (error) {
      report(error);
    } finally {
      hold(-1);
    }
  }
}

/** Each cell's mirror in its room: the cell the centre of the room's bounding box maps it to. */
function mirrorsOf(puzzle) {
  const mirrors = new Map();
  for (const { cells } of puzzle.rooms) {
    const xs = cells.map(([x]) => x);
    const ys = cells.map(([, y]) => y);
    const [turnX, turnY] = [Math.min(...xs) + Math.max(...xs), Math.min(...ys) + Math.max(...ys)];
    for (const [x, y] of cells) mirrors.set(`${x},${y}`, [turnX - x, turnY - y]);
  }
  return mirrors;
}
