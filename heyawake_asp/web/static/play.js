// Playing: the player's grid, moves with undo and redo, and the Check, Hint, Solve and
// Grade buttons, each asking the API about the puzzle and the grid as it stands.

import { abort, post } from "./api.js";
import { cellName } from "./board.js";
import { list, report, say, scoreText, shown } from "./status.js";

const xy = (cell) => [cell.x, cell.y];
const names = (cells) => cells.map((cell) => cellName(cell.x, cell.y)).join(", ");

export class Play {
  constructor(board, timer, autoCheck) {
    this.board = board;
    this.timer = timer;
    this.autoCheck = autoCheck; // the checkbox
    this.puzzle = null;
    this.grid = [];
    this.done = []; // moves, each a list of {x, y, from, to}
    this.undone = [];
    this.shownHint = null; // {step, key}: the hint on the board, for the grid ``key``
    this.onHistory = () => {};
  }

  /** Begin ``puzzle`` ({source, width, height, rooms}) with every cell open. */
  start(puzzle) {
    this.puzzle = puzzle;
    this.grid = Array.from({ length: puzzle.height }, () => new Array(puzzle.width).fill("?"));
    this.done = [];
    this.undone = [];
    this.shownHint = null;
    this.board.setPuzzle(puzzle);
    list();
    this.timer.start();
    this.onHistory();
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

  /** The player sets one cell. */
  set(x, y, char) {
    this.move([[x, y, char]]);
  }

  /** Set the cells ``changes`` ([[x, y, char]...]) as one move (``check``: as after a move). */
  move(changes, check = true) {
    const move = changes
      .filter(([x, y, char]) => this.grid[y][x] !== char)
      .map(([x, y, char]) => ({ x, y, from: this.grid[y][x], to: char }));
    if (move.length === 0) return;
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
    for (const change of move) this.grid[change.y][change.x] = change[side];
    this.shownHint = null;
    this.redraw();
    list();
    this.onHistory();
    if (!check) return;
    if (this.autoCheck.checked || this.#complete()) this.check({ quiet: true });
  }

  #complete() {
    return this.grid.every((row) => !row.includes("?"));
  }

  /** Mark the rules the grid breaks; "Solved!" when complete and none is.

  ``quiet`` (after a move): say nothing when nothing is broken, unless an error was shown. */
  async check({ quiet = false } = {}) {
    if (!this.puzzle) return;
    try {
      const reply = await post("check", "check", { puzzle: this.puzzle.source, grid: this.rows() });
      const error = reply.violations.flatMap((violation) =>
        violation.rule === 3 && violation.room !== null
          ? this.board.roomCells(violation.room)
          : violation.cells.map(xy),
      );
      this.board.highlight({ error });
      list(reply.violations.map((violation) => violation.message));
      if (reply.solved) {
        this.timer.stop();
        say("Solved!", "solved");
      } else if (reply.violations.length > 0) {
        const count = reply.violations.length;
        say(`${count} broken rule${count === 1 ? "" : "s"}: see the marked cells.`, "error");
      } else if (!quiet || shown() === "error") {
        say("No rule is broken so far.");
      }
    } catch (error) {
      report(error);
    }
  }

  /** Show the next step and why; pressed again on the same grid, set its cells. */
  async hint() {
    if (!this.puzzle) return;
    const shown = this.shownHint;
    if (shown && shown.key === this.key()) {
      this.move(shown.step.settles.map((cell) => [cell.x, cell.y, cell.black ? "#" : "."]));
      say(`Applied: ${shown.step.text}`);
      return;
    }
    const key = this.key();
    try {
      const reply = await post("hint", "hint", { puzzle: this.puzzle.source, grid: this.rows() });
      list();
      if (reply.step) {
        const step = reply.step;
        this.board.highlight({
          reason: [...step.rules.flatMap((rule) => rule.cells), ...step.known].map(xy),
          new: step.settles.map(xy),
        });
        this.shownHint = { step, key };
        say(`${step.text} (press Hint again to set ${step.settles.length === 1 ? "it" : "them"})`);
      } else if (reply.conflict) {
        this.board.highlight({ conflict: reply.conflict.map(xy) });
        const text = reply.conflict.length === 1
          ? `${names(reply.conflict)} cannot hold: no solution has it so. Undo or clear it.`
          : `These cells cannot all hold: ${names(reply.conflict)}. Undo or clear one of them.`;
        say(text, "error");
      } else if (reply.unsolvable) {
        this.board.highlight({
          conflict: reply.unsolvable.flatMap((room) => this.board.roomCells(room)),
        });
        say(`This puzzle has no solution: the marked rooms (${reply.unsolvable.join(", ")}) cannot all hold.`, "error");
      } else if (this.#complete()) {
        await this.check();
      } else {
        this.board.highlight();
        say("Nothing more can be settled from here.");
      }
    } catch (error) {
      report(error);
    }
  }

  /** Show a solution (undoable), saying whether it is the only one. */
  async solve() {
    if (!this.puzzle) return;
    try {
      const reply = await post("solve", "solve", { puzzle: this.puzzle.source });
      if (reply.status !== "solved") {
        say(reply.status === "unsatisfiable" ? "This puzzle has no solution." : `No solution found (${reply.status}).`, "error");
        return;
      }
      const solution = reply.solutions[0];
      this.timer.stop();
      this.move(solution.flatMap((row, y) => Array.from(row, (char, x) => [x, y, char])), false);
      this.board.highlight();
      list();
      say(reply.unique ? "The solution (it is the only one)." : "A solution: this puzzle has more than one, so it is not a fair puzzle.");
    } catch (error) {
      report(error);
    }
  }

  /** Say how hard the puzzle is. */
  async grade() {
    if (!this.puzzle) return;
    try {
      const reply = await post("grade", "grade", { puzzle: this.puzzle.source });
      const soFar = reply.status === "above" ? " so far" : "";
      say(`Grade: ${reply.grade} (score ${scoreText(reply)}, ${reply.steps} steps${soFar}; the hardest${soFar}: ${reply.hardest_kind}, cost ${reply.hardest_cost}).`);
    } catch (error) {
      report(error);
    }
  }
}
