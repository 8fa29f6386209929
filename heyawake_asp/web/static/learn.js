// Learning: the whole path of steps from /api/steps, walked forward and back on the board,
// step k's reason and new cells marked, with the grade and links to the hardest steps.

import { post } from "./api.js";
import { explain, marks } from "./reason.js";
import { KIND_WORDS } from "./kinds.js";
import { report, say } from "./status.js";

const ENDINGS = {
  several: "The steps stop here: the puzzle has more than one solution.",
  unsolvable: "The steps stop here: the puzzle has no solution.",
  timeout: "The steps stop here: the search ran out of time.",
};

export class Learn {
  constructor(board, elements, onClose) {
    this.board = board;
    this.ui = elements; // {panel, more, slider, position, grade, hardest, hardestPart}
    this.onClose = onClose;
    this.active = false;
    this.path = null;
    this.grids = [];
    this.index = 0;
  }

  /** Fetch the steps of ``puzzle`` and show the start of the path. */
  async open(puzzle) {
    try {
      const reply = await post("steps", "steps", { puzzle: puzzle.source });
      this.path = reply;
      let grid = Array.from({ length: puzzle.height }, () => new Array(puzzle.width).fill("?"));
      this.grids = [grid.map((row) => row.join(""))];
      for (const step of reply.steps) {
        grid = grid.map((row) => [...row]);
        for (const cell of step.settles) grid[cell.y][cell.x] = cell.black ? "#" : ".";
        this.grids.push(grid.map((row) => row.join("")));
      }
      this.active = true;
      this.board.readOnly = true;
      this.ui.panel.hidden = false;
      this.ui.more.hidden = false;
      this.ui.slider.max = String(reply.steps.length);
      this.#describe(reply);
      this.go(0);
      this.ui.slider.focus();
    } catch (error) {
      report(error);
    }
  }

  close() {
    if (!this.active) return;
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
    this.ui.position.textContent = `Step ${this.index} of ${steps.length}`;
    this.ui.panel.dataset.index = String(this.index);
    const atEnd = this.index === steps.length;
    let text;
    let step = null;
    if (this.index === 0) {
      this.board.highlight();
      text = steps.length === 0
        ? "No step settles a cell from the start."
        : `The start: ${steps.length} step${steps.length === 1 ? "" : "s"}; press Next to take the first.`;
    } else {
      step = steps[this.index - 1];
      this.board.highlight(marks(step));
      text = "";
    }
    if (atEnd && this.path.status !== "solved") {
      if (this.path.conflict) {
        this.board.highlight({ conflict: this.path.conflict.flatMap((room) => this.board.roomCells(room)) });
      }
      text += ` ${ENDINGS[this.path.status] ?? ""}`;
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

  #describe(reply) {
    const grade = reply.grade;
    this.ui.grade.textContent = grade
      ? `Grade: ${grade.grade} (score ${grade.score}, ${grade.steps} steps).`
      : `No grade: ${ENDINGS[reply.status] ?? reply.status}`;
    const hardest = reply.steps
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
