// Composing: the author's draft on the board, edited with the mouse (a rectangle, paint,
// merge) and the keys (a room's number), with undo and redo, a live analysis after every
// edit (solutions, the cells all of them share, the grade, why there is none), a suggested
// number, and the export in every format.

import { Superseded, abort, hold, post } from "./api.js";
import { MOVES, cellName } from "./board.js";
import * as D from "./draft.js";
import { PLAIN, VARIANTS } from "./kinds.js";
import { report, say } from "./status.js";
import { capitalised, plural, scoreText, sized } from "./words.js";

const DEBOUNCE_MS = 150;
const ANALYSIS = ["analyze", "grade", "explain", "suggest"];
const EXPORTS = { url: "puzz.link URL", text: "text", json: "JSON", kth: "KTH", svg: "SVG" };
const HISTORY = 500; // the most edits undo keeps
/** A puzzle's credits, as the fields, the formats and an address name them. */
export const CREDITS = ["title", "author"];
const xy = (cell) => [cell.x, cell.y];
const MAX_CLUE = 4095; // what a puzz.link URL holds
/** The legend's words for the marks on a draft's cells, in the legend's order. */
const DRAFT_MARKS = {
  shared: "cells every solution shares (grey: black, or a dot)",
  selected: "the selected room",
  "merge-from": "the room a merge starts from",
  disputed: "cells where solutions differ",
  suggest: "the suggestion's rooms",
  clash: "rooms the status names",
};

/** A room's number as typed: "" none, "?" hidden, digits a number; undefined when not one. */
export function parseClue(text) {
  const value = text.trim();
  if (value === "") return null;
  if (value === "?") return "?";
  if (/^\d+$/.test(value) && Number(value) <= MAX_CLUE) return Number(value);
  return undefined;
}

export class Compose {
  /**
   * ``ui``: the elements (analysis, legend, clue, undo, redo, suggest, apply, exportPanel,
   * exportUrl, exportLink, exportText, downloads {url, text, json, kth, svg}, picture, tools
   * (radios));
   * ``hooks``: {changed(draft)} after every change of the draft (the address keeps it).
   */
  constructor(board, ui, hooks) {
    this.board = board;
    this.ui = ui;
    this.hooks = hooks;
    this.active = false;
    this.draft = null;
    this.done = []; // drafts before each edit
    this.undone = [];
    this.selectedCell = null; // a cell of the selected room
    this.mergeFrom = null; // a cell of the room the merge tool took first
    this.typing = false; // the last key was a digit for the selected room: more digits append
    this.drag = null;
    this.version = 0; // the draft's edit count: answers for an older one are ignored
    this.analysis = null; // {version, status, ...}: the last analysis shown
    this.marks = {};
    this.suggestion = null; // {version, changes: [{x, y, clue}]} or {version, split}
    this.timer = null;
    this.blobs = [];
    const svg = board.svg;
    svg.addEventListener("pointerdown", (event) => this.#down(event));
    svg.addEventListener("pointermove", (event) => this.#move(event));
    svg.addEventListener("pointerup", (event) => this.#up(event));
    svg.addEventListener("pointercancel", () => this.#cancel());
    svg.addEventListener("dblclick", (event) => this.#single(event));
    ui.clue.addEventListener("change", () => this.#clueField());
    for (const { name, title, words } of Object.values(VARIANTS)) {
      const option = new Option(title, name);
      if (words) option.title = words[0].toUpperCase() + words.slice(1);
      ui.variant.append(option);
    }
  }

  get tool() {
    return this.ui.tools.find((radio) => radio.checked)?.value ?? "rectangle";
  }

  /**
   * Compose ``draft`` (as an edit of the one there), else the one there, else a blank 6×6.
   * ``history`` ({done, undone}, drafts): what Undo and Redo go back to, for a page that has
   * no draft yet (the browser kept them with the draft).
   */
  open(draft = null, history = null) {
    this.active = true;
    this.board.zoom(1); // the draft whole, at whatever zoom the game was left
    this.board.readOnly = true;
    this.board.svg.dataset.mode = "compose";
    if (!this.draft && draft && history) {
      this.draft = draft;
      this.done = [...history.done];
      this.undone = [...history.undone];
      this.#changed();
    } else if (!this.draft) this.edit(draft ?? D.blank(6, 6));
    else if (draft && !D.same(draft, this.draft)) this.edit(draft);
    else this.#changed();
  }

  close() {
    if (!this.active) return;
    this.active = false;
    this.#cancel();
    abort(ANALYSIS);
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      hold(-1);
    }
    this.board.readOnly = false;
    delete this.board.svg.dataset.mode;
    this.ui.exportPanel.hidden = true;
  }

  /** The draft's puzz.link URL, of the type of its rules (its variant's name). */
  url() {
    return D.toUrl(this.draft, this.ui.variant.value);
  }

  /** The draft as our JSON format's text, as the API reads it: its rules, title and author. */
  json() {
    const variant = this.ui.variant.value;
    const rules = variant === PLAIN ? {} : { variant };
    return JSON.stringify({ ...rules, ...D.toObject(this.draft), ...this.credits() });
  }

  /** Compose under ``variant``'s rules (unknown: plain Heyawake's). */
  setVariant(variant) {
    this.ui.variant.value = variant in VARIANTS ? variant : PLAIN;
  }

  /** Other rules chosen: the draft is analysed afresh. */
  rulesChanged() {
    this.#changed();
  }

  /** The title and author as typed, trimmed; an empty one left out. */
  credits() {
    const credits = {};
    for (const kind of CREDITS) {
      const text = this.ui[kind].value.trim();
      if (text) credits[kind] = text;
    }
    return credits;
  }

  /** Show ``credits``' title and author in their fields (none: empty). */
  setCredits(credits) {
    for (const kind of CREDITS) this.ui[kind].value = credits[kind] ?? "";
  }

  /** A credit typed: the address keeps it, and an export made before is stale. */
  creditsChanged() {
    this.ui.exportPanel.hidden = true;
    this.hooks.changed(this.draft);
  }

  get selected() {
    if (!this.selectedCell || !this.draft) return null;
    const [x, y] = this.selectedCell;
    return this.draft.room[y]?.[x] ?? null;
  }

  /** Make ``next`` the draft, as one edit undo takes back (nothing when it is the same). */
  edit(next, { typing = false } = {}) {
    if (this.draft && D.same(this.draft, next)) return;
    if (this.draft) {
      this.done.push(this.draft);
      if (this.done.length > HISTORY) this.done.shift();
    }
    this.undone = [];
    this.draft = next;
    this.typing = typing;
    this.#changed();
  }

  undo() {
    const draft = this.done.pop();
    if (!draft) return;
    this.undone.push(this.draft);
    this.draft = draft;
    this.typing = false;
    this.#changed();
  }

  redo() {
    const draft = this.undone.pop();
    if (!draft) return;
    this.done.push(this.draft);
    this.draft = draft;
    this.typing = false;
    this.#changed();
  }

  /** A new blank grid (an edit). */
  blank(width, height) {
    this.selectedCell = null; // nothing of the old draft is selected in the new one
    this.mergeFrom = null;
    this.edit(D.blank(width, height));
    say(`A new ${width}×${height} grid, one room: drag rectangles to make rooms.`);
  }

  /** Turn the draft a quarter clockwise, or mirror it (``how``: "rotate" or "flip"). */
  turn(how) {
    this.edit(how === "rotate" ? D.rotate(this.draft) : D.flip(this.draft));
    say(how === "rotate" ? "Turned a quarter clockwise." : "Mirrored left to right.");
  }

  resize(width, height) {
    const grown = width > this.draft.width || height > this.draft.height;
    this.edit(D.resize(this.draft, width, height));
    say(`The grid is ${width}×${height} now${grown ? ": the new cells are one room, without a number" : ""}.`);
  }

  select(cell) {
    this.selectedCell = cell;
    this.typing = false;
    this.#fillClueField();
    this.#draw();
  }

  /** Set the selected room's number (a number, "?" or null). */
  setClue(clue, { typing = false } = {}) {
    const index = this.selected;
    if (index === null) {
      say("Select a room first: click it.", "error");
      return;
    }
    if (typeof clue === "number" && clue > this.#most(index)) {
      say(`error: ${this.#tooMany(index)}`, "error");
      this.#fillClueField(); // the room's number, not the one refused
      return;
    }
    this.edit(D.setClue(this.draft, index, clue), { typing });
    this.#fillClueField();
    this.#sayNumber(index); // even when nothing changed: an error about this number is stale now
  }

  /** "The room at r3c4 has the number 2." (no number, a hidden number): what room ``index`` holds. */
  #sayNumber(index) {
    const clue = this.draft.clues[index];
    const number = clue === null ? "no number" : clue === "?" ? "a hidden number (?)" : `the number ${clue}`;
    say(`${capitalised(this.#roomName(index))} has ${number}.`);
  }

  /** A key in compose mode (not in a text field): digits, ?, Backspace, Delete, Escape. */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const index = this.selected;
    if (event.key === "Escape") {
      this.mergeFrom = null;
      this.select(null);
      return true;
    }
    const move = MOVES[event.key];
    if (move && event.target === this.board.svg) {
      this.select(this.board.moveCursor(...move)); // the room under the cursor
      return true;
    }
    if (index === null) return false;
    if (/^[0-9]$/.test(event.key)) {
      const old = this.draft.clues[index];
      const digit = Number(event.key);
      const value = this.typing && typeof old === "number" ? old * 10 + digit : digit;
      const most = Math.min(MAX_CLUE, this.#most(index));
      this.setClue(value <= most ? value : digit, { typing: true });
      // As on puzz.link, a digit that would make the number too large begins a new one: said.
      if (value > most && digit <= most) {
        say(`Not ${value}: ${this.#tooMany(index)}. The ${digit} begins a new number.`);
      }
      return true;
    }
    if (event.key === "?") {
      this.setClue("?");
      return true;
    }
    if (event.key === "Backspace" || event.key === "Delete") {
      this.setClue(null);
      return true;
    }
    return false;
  }

  /** Ask for a number that makes the draft unique, or (asked again) set it. */
  async suggest() {
    if (this.suggestion && this.suggestion.version === this.version) {
      this.apply();
      return;
    }
    const version = this.version;
    try {
      const reply = await post("suggest", "suggest", { puzzle: this.json() });
      if (version !== this.version) return;
      const found = reply.suggestion;
      const { together, split } = reply;
      const roomAt = ({ x, y }) => D.cellsOf(this.draft, this.draft.room[y][x]);
      const disputed = " The cells its solutions dispute are marked.";
      this.marks.disputed = reply.disputed;
      this.suggestion = null;
      this.marks.suggest = [];
      if (reply.status !== "several") {
        say(`Nothing to suggest: the draft has ${reply.status === "unique" ? "one solution" : "no solution"}.`);
      } else if (found?.solutions === 1 || (found && !together.length && !split)) {
        this.suggestion = { version, changes: [found] };
        this.marks.suggest = roomAt(found);
        const left = found.more ? `leaves more than ${found.solutions} solutions, yet fewer than now` : `leaves ${found.solutions} solutions`;
        say(`Suggestion: set the room at ${cellName(found.x, found.y)} (marked) to ${found.clue}: ${found.solutions === 1
          ? "unique" : left} (Apply, or Suggest again, sets it).${found.solutions === 1 ? "" : disputed}`);
      } else if (together.length) {
        this.suggestion = { version, changes: together };
        this.marks.suggest = together.flatMap(roomAt);
        const sets = together.map(({ x, y, clue }) => `the room at ${cellName(x, y)} to ${clue}`);
        say(`No single number makes this draft unique; ${together.length} together do: ${sets.join(", ")} (Apply sets them).${disputed}`);
      } else if (split) {
        this.suggestion = { version, split };
        this.marks.suggest = split.parts[1];
        say(`No number makes this draft unique; cutting the room at ${cellName(split.x, split.y)} in two does: ` +
          `the marked part numbered ${split.clues[1]}, the rest ${split.clues[0]} (Apply cuts it).${disputed}`);
      } else {
        say(`Nothing suggested makes this draft unique: no single number, no two or three chosen one by one, no room cut in two.${disputed}`);
      }
      this.#draw();
      this.#enable();
    } catch (error) {
      report(error);
    }
  }

  /** Make the suggested change, one edit: the numbers set, or the room cut in two. */
  apply() {
    const found = this.suggestion;
    if (!found || found.version !== this.version) return;
    this.suggestion = null;
    if (found.split) {
      const { x, y, parts, clues } = found.split;
      this.selectedCell = null;
      this.edit(D.split(this.draft, this.draft.room[y][x], parts[1], clues));
      say(`The room at ${cellName(x, y)} is cut in two, numbered ${clues[0]} and ${clues[1]}.`);
      return;
    }
    let draft = this.draft;
    for (const { x, y, clue } of found.changes) draft = D.setClue(draft, draft.room[y][x], clue);
    const [{ x, y }] = found.changes;
    this.selectedCell = [x, y];
    this.edit(draft);
    this.#fillClueField();
    const rooms = found.changes.map((change) => `${cellName(change.x, change.y)} ${change.clue}`);
    if (found.changes.length === 1) this.#sayNumber(this.draft.room[y][x]);
    else say(`The rooms now have their numbers: ${rooms.join(", ")}.`);
  }

  /**
   * Fill the export panel: the URL, a text area, and a download link per format. Each format
   * on its own: one that cannot hold the draft (KTH: rectangles only) says why, the others
   * export.
   */
  async export() {
    const puzzle = this.json();
    const version = this.version;
    const outcomes = await Promise.allSettled(
      Object.keys(EXPORTS).map((to) => post(`export-${to}`, "convert", { puzzle, to })),
    );
    if (version !== this.version || outcomes.some((outcome) => outcome.reason instanceof Superseded)) return;
    for (const url of this.blobs) URL.revokeObjectURL(url);
    this.blobs = [];
    const texts = {};
    const refused = [];
    Object.keys(EXPORTS).forEach((to, index) => {
      const outcome = outcomes[index];
      if (outcome.status === "fulfilled") texts[to] = outcome.value.text;
      else refused.push(`${EXPORTS[to]}: ${outcome.reason.message}`);
    });
    const url = texts.url?.trim() ?? "";
    this.ui.exportUrl.value = url;
    this.ui.exportLink.hidden = !url;
    this.ui.exportLink.href = url || "#";
    this.ui.exportText.value = texts.text ?? "";
    const types = { url: "text/plain", text: "text/plain", json: "application/json", kth: "text/plain", svg: "image/svg+xml" };
    // The URL as plain text: a ".url" file is a Windows shortcut, of another format.
    const names = { url: "draft-url.txt", text: "draft.txt", json: "draft.json", kth: "draft.lp", svg: "draft.svg" };
    for (const [to, label] of Object.entries(EXPORTS)) {
      const link = this.ui.downloads[to];
      if (!link) continue;
      const text = texts[to];
      link.textContent = text === undefined ? `${label} (not possible)` : label;
      if (text === undefined) {
        link.removeAttribute("href");
        link.removeAttribute("download");
        link.setAttribute("aria-disabled", "true");
        delete link.dataset.text;
        continue;
      }
      const blob = URL.createObjectURL(new Blob([text], { type: types[to] }));
      this.blobs.push(blob);
      link.href = blob;
      link.download = names[to];
      link.removeAttribute("aria-disabled");
      link.dataset.text = text;
    }
    this.ui.picture.hidden = texts.svg === undefined;
    if (texts.svg !== undefined) {
      this.ui.picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(texts.svg)}`;
    }
    this.ui.exportPanel.hidden = false;
    this.ui.exportPanel.scrollIntoView({ block: "nearest" }); // it opens below the board
    if (refused.length === Object.keys(EXPORTS).length) {
      say(`error: nothing could be exported: ${refused.join("; ")}`, "error");
    } else if (refused.length > 0) {
      say(`Exported, but not as ${refused.join("; ")}.`);
    } else {
      say("Exported: copy the puzz.link URL, or download a file.");
    }
  }

  // --- drawing -------------------------------------------------------------------------

  #changed() {
    if (this.mergeFrom && this.draft.room[this.mergeFrom[1]]?.[this.mergeFrom[0]] === undefined) {
      this.mergeFrom = null;
    }
    if (this.selectedCell && this.draft.room[this.selectedCell[1]]?.[this.selectedCell[0]] === undefined) {
      this.selectedCell = null;
    }
    this.version += 1;
    this.analysis = null;
    this.suggestion = null;
    this.marks = {};
    this.ui.exportPanel.hidden = true;
    this.ui.analysis.textContent = "Analysing…";
    this.ui.analysis.dataset.status = "working";
    this.#fillClueField();
    this.#redrawRooms();
    this.#draw();
    this.#enable();
    this.hooks.changed(this.draft);
    this.#schedule();
    // A sentence about the draft before this edit gives way (a caller may say more after).
    const { width, height, clues } = this.draft;
    const numbered = clues.filter((clue) => clue !== null).length;
    say(`${capitalised(sized(width, height))} draft: ${plural(clues.length, "room")}, ${numbered} with a number.`);
  }

  /** Draw the draft's rooms and numbers afresh, the keyboard cursor where it was. */
  #redrawRooms() {
    const [x, y] = this.board.cursor;
    this.board.setPuzzle(D.toObject(this.draft), { roomNumbers: true });
    this.board.cursor = [x, y];
    this.board.moveCursor(0, 0);
  }

  /** Draw the draft again (the shared cells shown or not, as the box says). */
  redraw() {
    if (this.active) this.#draw();
  }

  #draw() {
    const { width, height } = this.draft;
    const rows = Array.from({ length: height }, () => new Array(width).fill("?"));
    // The cells all solutions share: for a unique draft, its solution, shown only when asked.
    const shared = this.ui.shared.checked ? this.marks : {};
    for (const [x, y] of shared.black ?? []) rows[y][x] = "#";
    for (const [x, y] of shared.white ?? []) rows[y][x] = ".";
    this.board.show(rows);
    const selected = this.selected;
    const merging = this.mergeFrom ? this.draft.room[this.mergeFrom[1]][this.mergeFrom[0]] : null;
    const marks = {
      "forced-black": shared.black ?? [],
      "forced-white": shared.white ?? [],
      clash: this.marks.clash ?? [],
      suggest: this.marks.suggest ?? [],
      disputed: this.marks.disputed ?? [],
      selected: selected === null ? [] : D.cellsOf(this.draft, selected),
      "merge-from": merging === null ? [] : D.cellsOf(this.draft, merging),
    };
    this.board.highlight(marks);
    const sharedCells = [...marks["forced-black"], ...marks["forced-white"]];
    this.ui.legend.replaceChildren(
      ...Object.entries(DRAFT_MARKS).filter(([mark]) => (marks[mark] ?? sharedCells).length > 0).map(([mark, words]) => {
        const item = document.createElement("li");
        item.dataset.mark = mark;
        item.textContent = words;
        return item;
      }),
    );
  }

  #enable() {
    this.ui.undo.disabled = this.done.length === 0;
    this.ui.redo.disabled = this.undone.length === 0;
    const several = this.analysis?.version === this.version && this.analysis.status === "several";
    this.ui.suggest.disabled = !several;
    this.ui.apply.disabled = !(this.suggestion && this.suggestion.version === this.version);
  }

  #fillClueField() {
    const index = this.selected;
    this.ui.clue.disabled = index === null;
    const clue = index === null ? null : this.draft.clues[index];
    this.ui.clue.value = clue === null || clue === undefined ? "" : String(clue);
  }

  /** "the room at r3c4 has 4 cells: its number can be at most 2". */
  #tooMany(index) {
    const count = plural(D.cellsOf(this.draft, index).length, "cell");
    return `${this.#roomName(index)} has ${count}: its number can be at most ${this.#most(index)}`;
  }

  /** "the room at r3c4": a room named by its first cell in reading order, as the library names it. */
  #roomName(index) {
    const cells = D.cellsOf(this.draft, index);
    const [x, y] = cells.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
    return `the room at ${cellName(x, y)}`;
  }

  /** The largest number room ``index`` can take: its most black cells, or under rules whose
   * numbers are no count (a white area's size, akichi), its size. */
  #most(index) {
    const counts = VARIANTS[this.ui.variant.value].counts;
    return counts ? D.mostBlack(this.draft, index) : D.cellsOf(this.draft, index).length;
  }

  #clueField() {
    const clue = parseClue(this.ui.clue.value);
    if (clue === undefined) {
      say(`error: a room's number is digits (at most ${MAX_CLUE}), ? for a hidden one, or empty`, "error");
      this.#fillClueField();
      return;
    }
    this.setClue(clue);
  }

  // --- the analysis --------------------------------------------------------------------

  /** Analyse the draft ``DEBOUNCE_MS`` after the last edit (an edit aborts the one running). */
  #schedule() {
    abort(ANALYSIS);
    if (this.timer === null) hold(1);
    else clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.#analyze(this.version).finally(() => hold(-1));
    }, DEBOUNCE_MS);
  }

  async #analyze(version) {
    const puzzle = this.json();
    const line = this.ui.analysis;
    const show = (status, text) => {
      line.dataset.status = status;
      line.textContent = text;
    };
    try {
      const reply = await post("analyze", "analyze", { puzzle });
      if (version !== this.version) return;
      this.analysis = { version, ...reply };
      this.marks.black = reply.black.map(xy);
      this.marks.white = reply.white.map(xy);
      if (reply.status === "several") {
        show("several", `several (${reply.more ? `more than ${reply.solutions}` : reply.solutions} solutions)`);
      } else if (reply.status === "unique") {
        show("unique", "unique");
      } else {
        show("none", "no solution");
      }
      this.#draw();
      this.#enable();
      if (reply.status === "unique") {
        show("unique", "unique; grading…");
        try {
          const grade = await post("grade", "grade", { puzzle });
          if (version !== this.version) return;
          show("unique", `unique; grade: ${grade.grade} (score ${scoreText(grade)})`);
        } catch (error) {
          if (error instanceof Superseded || version !== this.version) return;
          show("unique", `unique (no grade: ${error.message})`);
        }
      } else if (reply.status === "none") {
        const why = await post("explain", "explain", { puzzle });
        if (version !== this.version) return;
        this.marks.clash = why.rooms.flatMap((room) => D.cellsOf(this.draft, room - 1));
        show("none", why.text ? `no solution: ${why.text}` : "no solution");
        this.#draw();
      }
    } catch (error) {
      if (error instanceof Superseded || version !== this.version) return;
      const room = /rooms\[(\d+)\]/.exec(error.message);
      if (room) this.marks.clash = D.cellsOf(this.draft, Number(room[1]));
      this.#draw();
      // A number too large for its room (after a resize or a paint), in the author's words.
      const words = room && / has clue /.test(error.message) ? this.#tooMany(Number(room[1])) : error.message;
      show("error", `error: ${words}`);
    }
  }

  // --- the mouse -----------------------------------------------------------------------

  #cell(event) {
    return this.board.cellAt(event.clientX, event.clientY);
  }

  #down(event) {
    if (!this.active || event.button !== 0 || !this.draft) return;
    const cell = this.#cell(event);
    if (!cell) return;
    event.preventDefault();
    this.board.svg.focus({ preventScroll: true });
    this.board.svg.setPointerCapture?.(event.pointerId);
    this.board.cursor = cell;
    this.board.moveCursor(0, 0);
    const tool = this.tool;
    if (tool === "paint") {
      const index = this.selected;
      const [x, y] = cell;
      if (index === null || (this.draft.room[y][x] !== index && !D.touches(this.draft, index, cell))) {
        this.select(cell);
        say("Paint: drag from this room, or click cells beside it, to add them to it.");
        return;
      }
      this.drag = { tool, before: this.draft, last: cell };
      this.#paint(cell);
    } else {
      this.drag = { tool, start: cell, end: cell };
      if (tool === "rectangle") this.board.preview(cell, cell);
    }
  }

  #move(event) {
    if (!this.drag) return;
    const cell = this.#cell(event);
    if (!cell) return;
    if (this.drag.tool === "paint") {
      // Every cell on the way (the pointer may skip some), across then down.
      let [x, y] = this.drag.last;
      while (x !== cell[0] || y !== cell[1]) {
        if (x !== cell[0]) x += Math.sign(cell[0] - x);
        else y += Math.sign(cell[1] - y);
        this.#paint([x, y]);
      }
      this.drag.last = cell;
    } else {
      this.drag.end = cell;
      if (this.drag.tool === "rectangle") this.board.preview(this.drag.start, cell);
    }
  }

  #paint(cell) {
    const index = this.selected;
    if (index === null) return;
    const result = D.paint(this.draft, index, cell);
    if (result.draft === this.draft) return;
    this.draft = result.draft; // one edit for the whole stroke, pushed on release
    this.#redrawRooms();
    this.marks = {};
    this.#draw();
  }

  /** A double click with Rectangle: the cell a room of its own (a drag needs two cells). */
  #single(event) {
    const cell = this.#cell(event);
    if (!this.active || this.tool !== "rectangle" || !cell) return;
    const [x, y] = cell;
    if (D.cellsOf(this.draft, this.draft.room[y][x]).length === 1) return;
    this.selectedCell = cell;
    this.edit(D.rectangle(this.draft, cell, cell));
    say(`${cellName(x, y)} is a room of its own now.`);
  }

  #up(event) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    this.board.preview();
    this.board.svg.releasePointerCapture?.(event.pointerId);
    const cell = this.#cell(event) ?? drag.end ?? drag.last;
    if (drag.tool === "paint") {
      const after = this.draft;
      if (D.same(after, drag.before)) return;
      this.draft = drag.before;
      this.edit(after);
      return;
    }
    const [sx, sy] = drag.start;
    const click = cell[0] === sx && cell[1] === sy;
    if (drag.tool === "rectangle") {
      if (click) {
        this.select(cell);
        return;
      }
      this.selectedCell = drag.start;
      this.edit(D.rectangle(this.draft, drag.start, cell));
    } else if (drag.tool === "merge") {
      if (!this.mergeFrom) {
        this.mergeFrom = cell;
        this.select(cell);
        say("Merge: now click a room beside it.");
        return;
      }
      const [ax, ay] = this.mergeFrom;
      const a = this.draft.room[ay][ax];
      const b = this.draft.room[cell[1]][cell[0]];
      this.mergeFrom = null;
      if (a === b) {
        this.select(cell);
        say("Merge: click a room, then another beside it.");
        return;
      }
      const merged = D.merge(this.draft, a, b);
      if (!merged) {
        this.select(cell);
        say("Merge: those rooms are not side by side.", "error");
        return;
      }
      this.selectedCell = [ax, ay];
      this.edit(merged);
      say("Merged the two rooms.");
    }
  }

  #cancel() {
    if (!this.drag) return;
    if (this.drag.tool === "paint" && this.drag.before !== this.draft) {
      this.draft = this.drag.before;
      this.drag = null;
      this.#changed();
    }
    this.drag = null;
    this.board.preview();
  }
}
