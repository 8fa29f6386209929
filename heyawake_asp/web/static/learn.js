// Learning: the whole path of steps from /api/steps, streamed: each step shown as it is found,
// walked forward and back on the board, step k's reason and new cells marked, and once the
// walk ends the grade and links to the hardest steps.

import { Superseded, abort, stream } from "./api.js";
import { explain, marks } from "./reason.js";
import { KIND_WORDS } from "./kinds.js";
import { report, say } from "./status.js";

const ENDINGS = {
  several: "The steps stop here: the puzzle has more than one solution.",
  unsolvable: "The steps stop here: the puzzle has no solution.",
  timeout: "The steps stop here: the search ran out of time.",
};
const COMING = "More steps are being found…";

export class Learn {
  constructor(board, elements, onClose) {
    this.board = board;
    this.ui = elements; // {panel, more, slider, position, grade, hardest, hardestPart}
    this.onClose = onClose;
    this.active = false;
    this.path = null; // {steps (those found so far), and once done: status, grid, conflict, grade}
    this.done = false; // whether the walk has ended (or failed: ``failure`` says why)
    this.failure = null;
    this.grids = [];
    this.index = 0;
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
    this.board.readOnly = true;
    this.ui.panel.hidden = false;
    this.ui.more.hidden = false;
    this.#describe();
    this.go(0);
    this.ui.slider.focus();
    try {
      const reply = await stream("steps", "steps", { puzzle: puzzle.source }, (line) => this.#add(line.step));
      for (const step of reply.steps.slice(this.path.steps.length)) this.#add(step); // none if all came
      this.path = { ...reply, steps: this.path.steps };
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
    else if (this.index === 0 || this.index === this.path.steps.length) this.go(this.index);
    else this.#count();
  }

  close() {
    if (!this.active) return;
    abort(["steps"]);
    this.active = false;
    this.path = null;
    this.board.readOnly = false;
    this.ui.panel.hidden = true;
    this.ui.more.hidden = true;
    this.onClose();
  }

  /** Show the grid after the first ``index`` steps, step ``index`` marked. */
  go(index) {
    if (!this.active) return;
    const steps = this.path.steps;
    this.index = Math.max(0, Math.min(steps.length, index));
    this.board.show(this.grids[this.index]);
    this.ui.slider.value = String(this.index);
    this.#count();
    this.ui.panel.dataset.index = String(this.index);
    const atEnd = this.index === steps.length;
    let text;
    let step = null;
    if (this.index === 0) {
      this.board.highlight();
      text = this.#start();
    } else {
      step = steps[this.index - 1];
      this.board.highlight(marks(step));
      text = "";
    }
    if (atEnd && !this.done) {
      if (steps.length > 0) text += ` ${COMING}`;
    } else if (atEnd && this.path.status !== "solved") {
      if (this.path.conflict) {
        this.board.highlight({ conflict: this.path.conflict.flatMap((room) => this.board.roomCells(room)) });
      }
      text += ` ${this.#ending()}`;
    } else if (atEnd) {
      text += " That solves it.";
    }
    if (step) explain(step, `Step ${this.index}: `, text);
    else say(text);
  }

  /** Handle Left/Right/Home/End when learning; true when the key was used. */
  key(event) {
    if (!this.active) return false;
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
    if (this.path.steps.length === 1 && this.index === 0) this.go(0);
    else this.#count();
  }

  /** The slider's range and the position, with how many steps are found (so far). */
  #count() {
    const found = this.path.steps.length;
    this.ui.slider.max = String(found);
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
    if (found === 0) return "No step settles a cell from the start.";
    return `The start: ${found} step${found === 1 ? "" : "s"}; press Next to take the first.`;
  }

  /** Why the path ends short of the solution. */
  #ending() {
    if (this.failure !== null) return `The steps stop here: ${this.failure}`;
    return ENDINGS[this.path.status] ?? "";
  }

  /** The grade and the hardest steps, once the walk is done. */
  #describe() {
    const grade = this.path.grade;
    if (!this.done) {
      this.ui.grade.textContent = "Grade: once every step is found.";
    } else {
      this.ui.grade.textContent = grade
        ? `Grade: ${grade.grade} (score ${grade.score}, ${grade.steps} steps).`
        : `No grade: ${this.#ending() || this.path.status}`;
    }
    const hardest = (this.done ? this.path.steps : [])
      .map((step, index) => ({ step, index }))
      .sort((a, b) => b.step.cost - a.step.cost || a.index - b.index)
      .slice(0, 5);
    this.ui.hardestPart.hidden = hardest.length === 0;
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
