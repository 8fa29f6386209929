// Learning: the whole path of steps from /api/steps, streamed: each step shown as it is found,
// walked forward and back on the board, step k's reason and new cells marked, and once the
// walk ends the grade and links to the hardest steps.

import { Superseded, abort, stream } from "./api.js";
import { explain, mark, reasonCells } from "./reason.js";
import { KIND_WORDS } from "./kinds.js";
import { report, revealSentence, say, unsteady } from "./status.js";
import { gradeSentence, noSolution, plural, sentence } from "./words.js";

/** Why a path that ends short of the solution stops there (a puzzle without one says why itself). */
const STOPS = {
  several: "the puzzle has more than one solution",
  timeout: "the search ran out of time",
};
const COMING = "More steps are being found…";
const xy = (cell) => [cell.x, cell.y];

export class Learn {
  constructor(board, elements, onClose) {
    this.board = board;
    this.ui = elements; // {panel, more, moves (First to Last), slider, position, grade, hardest}
    this.onClose = onClose;
    this.active = false;
    this.path = null; // {steps (those found so far), and once done: status, grid, conflict, grade}
    this.done = false; // whether the walk has ended (or failed: ``failure`` says why)
    this.failure = null;
    this.grids = [];
    this.index = 0;
    this.playView = null; // the board's zoom and scroll as the player left it (`Board.view`)
  }

  /**
   * Open the path of ``puzzle`` at its start at once, and show its steps as they are found;
   * resolves when the walk ends. A failure before the first step closes it again.
   */
  async open(puzzle) {
    this.path = { steps: [] };
    this.done = false;
    this.failure = null;
    this.grids = [Array.from({ length: puzzle.height }, () => "?".repeat(puzzle.width))];
    this.active = true;
    unsteady(); // a step's sentences are longer than play's: their block grows from here
    this.playView = this.board.view();
    this.board.readOnly = true;
    this.ui.panel.hidden = false;
    this.#describe();
    this.#show(0);
    this.ui.slider.focus();
    try {
      const reply = await stream("steps", "steps", { puzzle: puzzle.source }, (line) => this.#add(line.step));
      this.path = { ...reply, steps: this.path.steps }; // the reply holds no steps: the lines had them
    } catch (error) {
      if (error instanceof Superseded) return; // closed, or opened again
      if (this.path.steps.length === 0) this.close(); // nothing to show: back to the grid
      report(error);
      if (!this.active) return;
      this.failure = error.message;
    }
    this.done = true;
    this.#describe();
    if (this.failure !== null) this.#count();
    else if (this.index === 0 || this.index === this.path.steps.length) this.#show(this.index);
    else this.#count();
    // The grade, just under the controls, comes into view with them (not when the player is elsewhere).
    const panel = this.ui.panel.getBoundingClientRect();
    if (panel.bottom > 0 && panel.top < window.innerHeight) this.ui.grade.scrollIntoView({ block: "nearest" });
  }

  close() {
    if (!this.active) return;
    abort(["steps"]);
    this.active = false;
    this.path = null;
    this.board.readOnly = false;
    this.ui.panel.hidden = true;
    this.ui.more.hidden = true;
    unsteady();
    this.onClose();
    this.board.restore(this.playView); // the steps zoomed in on their cells; the grid as it was
  }

  /** Go to step ``index`` (the player's move): shown, with its sentence and cells in view. */
  go(index) {
    if (!this.active) return;
    // Step by step the board stays put (`steady`); a jump lays the page out afresh, so that
    // a long step's height is not kept as a gap under the short ones far from it.
    if (Math.abs(index - this.index) > 1) unsteady();
    this.#show(index);
    this.#reveal();
  }

  /**
   * Scroll as little as it takes to show the step's new cells, then its sentence and legend,
   * then the controls above them, which win when not all fit.
   */
  #reveal() {
    const step = this.path.steps[this.index - 1];
    if (step) this.board.reveal(step.settles.map(xy), reasonCells(step));
    revealSentence();
    // The controls' row: on a phone their section has no box of its own (style.css).
    this.ui.moves[0].parentElement.scrollIntoView({ block: "nearest" });
  }

  /** Show the grid after the first ``index`` steps, step ``index`` marked. */
  #show(index) {
    const steps = this.path.steps;
    this.index = Math.max(0, Math.min(steps.length, index));
    this.board.show(this.grids[this.index]);
    this.ui.slider.value = String(this.index);
    this.#count();
    this.ui.panel.dataset.index = String(this.index);
    const atEnd = this.index === steps.length;
    const step = this.index === 0 ? null : steps[this.index - 1];
    if (step) mark(this.board, step);
    else this.board.highlight();
    let after = ""; // a sentence after the start's or the step's
    if (atEnd && !this.done) {
      if (steps.length > 0) after = COMING;
    } else if (atEnd && this.path.status !== "solved") {
      if (this.path.conflict) {
        this.board.highlight({ conflict: this.path.conflict.flatMap((room) => this.board.roomCells(room)) });
      }
      after = this.#ending();
    } else if (atEnd) {
      after = "That solves it.";
    }
    if (step) explain(step, `Step ${this.index}: `, after && ` ${after}`);
    else say([this.#start(), after].filter(Boolean).join(" "));
  }

  /** Handle Left/Right/Home/End, and Escape (leave), when learning; true when the key was used. */
  key(event) {
    if (!this.active) return false;
    if (event.key === "Escape") {
      this.close();
      return true;
    }
    const moves = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: Infinity };
    if (!(event.key in moves)) return false;
    this.go(moves[event.key]);
    return true;
  }

  /** Take a step just found: its grid, the slider's end; the start's sentence at the first. */
  #add(step) {
    const grid = this.grids.at(-1).map((row) => [...row]);
    for (const cell of step.settles) grid[cell.y][cell.x] = cell.black ? "#" : ".";
    this.grids.push(grid.map((row) => row.join("")));
    this.path.steps.push(step);
    if (this.path.steps.length === 1 && this.index === 0) this.#show(0);
    else this.#count();
  }

  /**
   * The slider's range and the position, with how many steps are found (so far); neither,
   * nor the moves, once a walk has ended with none, where the status says why.
   */
  #count() {
    const found = this.path.steps.length;
    const none = this.done && found === 0;
    for (const control of [...this.ui.moves, this.ui.slider, this.ui.position]) control.hidden = none;
    this.ui.slider.max = String(found);
    // Out of use at either end: aria-disabled, not disabled, keeps the focus of the one pressed.
    const [first, previous, next, last] = this.ui.moves;
    for (const move of [first, previous]) move.setAttribute("aria-disabled", String(this.index === 0));
    for (const move of [next, last]) move.setAttribute("aria-disabled", String(this.index === found));
    this.ui.position.textContent = `Step ${this.index} of ${found}${this.done ? "" : " so far"}`;
    this.ui.panel.dataset.found = String(found);
    this.ui.panel.dataset.done = String(this.done);
  }

  /** The sentence at the start of the path. */
  #start() {
    const found = this.path.steps.length;
    if (!this.done) {
      return found === 0 ? "Finding the first step…" : "The start: press Next to take the first step.";
    }
    if (found === 0) return this.#unsolvable() ? "" : "No step settles a cell from the start.";
    return `The start: ${plural(found, "step")}; press Next to take the first.`;
  }

  /** Whether the walk ended finding the puzzle has no solution. */
  #unsolvable() {
    return this.failure === null && this.path.status === "unsolvable";
  }

  /** Why the walk stopped short of the solution, in words to follow a colon (null: no reason). */
  #stop() {
    return this.failure ?? STOPS[this.path.status] ?? null;
  }

  /** The sentence at the end of a path that stops short of the solution. */
  #ending() {
    if (this.#unsolvable()) return noSolution(this.path.why);
    const stop = this.#stop();
    return stop === null ? "" : sentence(`The steps stop here: ${stop}`);
  }

  /** The grade and the hardest steps, once the walk is done. */
  #describe() {
    const grade = this.path.grade;
    if (!this.done) {
      this.ui.grade.textContent = "Grade: once every step is found.";
    } else if (grade) {
      this.ui.grade.textContent = gradeSentence(grade);
    } else if (this.#unsolvable()) {
      this.ui.grade.textContent = "No grade: a puzzle without a solution has none."; // the status says why
    } else {
      this.ui.grade.textContent = sentence(`No grade: ${this.#stop() ?? this.path.status}`);
    }
    const hardest = (this.done ? this.path.steps : [])
      .map((step, index) => ({ step, index }))
      .sort((a, b) => b.step.cost - a.step.cost || a.index - b.index)
      .slice(0, 5);
    this.ui.more.hidden = hardest.length === 0;
    this.ui.hardest.replaceChildren(
      ...hardest.map(({ step, index }) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.dataset.step = String(index + 1);
        button.textContent = `Step ${index + 1}: ${KIND_WORDS[step.kind] ?? step.kind} (difficulty ${step.cost})`;
        button.addEventListener("click", () => this.go(index + 1));
        item.append(button);
        return item;
      }),
    );
  }
}
