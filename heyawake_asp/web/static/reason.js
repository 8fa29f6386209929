// A step's reason as the page shows it: the sentence, or for a long one a one-line summary
// with the whole sentence on demand; its cells coloured by the kind of rule they belong to,
// with a legend.

import { RULE_WORDS } from "./kinds.js";
import { say } from "./status.js";
import { plural, sentence } from "./words.js";

/** Past this many characters a step's sentence is summed up first. */
export const LONG = 140;


const xy = (cell) => [cell.x, cell.y];

/**
 * Kinds of rules drawn as a line across their cells too: a run, a pair of neighbours, a pair
 * of mirror cells (whose colours the step's own cells and black ones often cover).
 */
const LINE_KINDS = ["run", "adjacent", "mirror"];

/** Show ``step`` on ``board``: its cells by kind of rule (`marks`), a line per run and pair. */
export function mark(board, step) {
  const lines = step.rules.filter((rule) => LINE_KINDS.includes(rule.kind)).map((rule) => {
    const cells = rule.cells.map(xy).sort(([ax, ay], [bx, by]) => ax - bx || ay - by);
    return { kind: rule.kind, from: cells[0], to: cells.at(-1) };
  });
  board.highlight(marks(step), lines);
}

/** The cells of ``step``'s reason, as [[x, y]...]: its rules' and the settled cells it names. */
export function reasonCells(step) {
  return [...step.rules.flatMap((rule) => rule.cells), ...step.known].map(xy);
}

/**
 * The highlights of ``step``: "reason" and "rule-KIND" on its reason's cells, "new" on its own,
 * "new-black" on those it settles black too (a hint's cells are not set yet: their colour is).
 */
function marks(step) {
  const found = { reason: reasonCells(step) };
  for (const rule of step.rules) (found[`rule-${rule.kind}`] ??= []).push(...rule.cells.map(xy));
  found["rule-known"] = step.known.map(xy);
  found.new = step.settles.map(xy);
  found["new-black"] = step.settles.filter((cell) => cell.black).map(xy);
  return found;
}

/** The rules of ``step`` counted by kind, in words: "white connectivity, 3 rooms' numbers". */
function counted(step) {
  const counts = new Map();
  for (const rule of step.rules) counts.set(rule.kind, (counts.get(rule.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => {
    const [one, many] = RULE_WORDS[kind] ?? [kind, kind];
    return kind === "connected" ? one : count === 1 ? one : `${count} ${many}`;
  });
  const known = step.known.length;
  const settled = known ? `, with ${plural(known, "cell")} settled before` : "";
  return `${parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]}${settled}`;
}

/**
 * Say ``step``'s sentence after ``prefix`` (a long one summed up, the whole on demand) and
 * show the legend of its highlights.
 */
export function explain(step, prefix = "", suffix = "") {
  const long = step.text.length > LONG;
  const head = step.text.split(": ")[0];
  say(`${prefix}${long ? `${head}: from ${counted(step)}.` : sentence(step.text)}${suffix}`);
  const details = document.getElementById("reason-details");
  document.getElementById("reason-text").textContent = step.text;
  details.hidden = !long;
  details.open = false;
  const legend = document.getElementById("legend");
  const shown = new Set(Array.from(document.querySelectorAll("#board .cell[data-highlight]"), colourOf));
  const drawn = new Set(Array.from(document.querySelectorAll("#board .instance"), (line) => line.dataset.rule));
  const uncoloured = [...new Set(step.rules.map((rule) => rule.kind))].filter((kind) => !PAINT_ORDER.includes(kind));
  const words = {
    "new-black": "this step's black cells",
    "new-white": "this step's white cells",
    ...Object.fromEntries(PAINT_ORDER.map((kind) => [kind, `${RULE_WORDS[kind]?.[1] ?? kind}${drawn.has(kind) ? " (a line each)" : ""}`])),
    known: "white cells settled before",
    black: "black cells of the reason",
    reason: uncoloured.map((kind) => RULE_WORDS[kind]?.[1] ?? kind).join(", "),
  };
  legend.replaceChildren(
    ...Object.keys(words).filter((colour) => shown.has(colour) || drawn.has(colour)).map((colour) => {
      const item = document.createElement("li");
      item.dataset.rule = colour;
      item.textContent = words[colour];
      return item;
    }),
  );
  legend.hidden = false;
}

/** The kinds with colours of their own, as the stylesheet paints them: the later one shows. */
const PAINT_ORDER = ["known", "adjacent", "run", "mirror", "apart", "clue", "connected"];

/**
 * The colour a highlighted cell of the board shows, as the stylesheet paints it (the legend
 * names each colour shown, and only those): a step's own cells, then a reason's black cells,
 * then the last of its kinds in `PAINT_ORDER`, else the reason's own (kinds without one).
 */
function colourOf(rect) {
  const marks = rect.dataset.highlight.split(" ");
  const black = rect.dataset.state === "black";
  if (marks.includes("new")) return black || marks.includes("new-black") ? "new-black" : "new-white";
  if (!marks.includes("reason")) return null;
  if (black) return "black";
  return PAINT_ORDER.findLast((kind) => marks.includes(`rule-${kind}`)) ?? "reason";
}
