// The one place sentences and errors go (role="status"), and the broken rules' list.

import { Superseded } from "./api.js";

const status = () => document.getElementById("status");
const messages = () => document.getElementById("messages");

/** Show ``text``; ``kind`` is "info", "error" or "solved" (a class for the colour). */
export function say(text, kind = "info") {
  const element = status();
  element.textContent = text;
  element.dataset.kind = kind;
  // A step's reason, its legend and whole sentence, belong to the sentence they came with.
  document.getElementById("reason-details").hidden = true;
  document.getElementById("legend").hidden = true;
}

/**
 * Keep the sentence's block (the sentence, the whole reason, the legend) as tall as the
 * tallest it has been since `unsteady`, so that the board and the controls below it stay put
 * from one sentence to the next (a shorter one had pulled them up, a tap or a step later);
 * but not as a gap of more than a fifth of the window: after a rare long step the board
 * comes back up (it had stayed at its least, under a band of blank lines).
 */
export function steady() {
  const block = document.getElementById("said");
  const hold = () => {
    const shown = [...block.children].filter((child) => child.offsetParent !== null);
    const end = shown.at(-1);
    if (!end) return;
    const margin = parseFloat(getComputedStyle(end).marginBottom) || 0;
    const content = end.getBoundingClientRect().bottom + margin - block.getBoundingClientRect().top;
    const kept = parseFloat(block.style.getPropertyValue("--kept")) || 0;
    const gap = kept - content;
    block.style.setProperty("--kept", `${gap > 0 && gap <= window.innerHeight / 5 ? kept : content}px`);
    keepPressedInPlace();
  };
  const watch = new ResizeObserver(hold);
  for (const child of block.children) watch.observe(child);
  // The whole reason closed by the player: its lines are not kept as a gap.
  document.getElementById("reason-details").addEventListener("toggle", (event) => {
    if (!event.target.open) unsteady();
  });
  document.addEventListener("click", (event) => {
    const control = event.target.closest?.("button, #board");
    pressed = control ? { control, top: control.getBoundingClientRect().top } : null;
  }, true);
  // Scrolled otherwise (the page shows what a control made, the player scrolls): the window
  // is where it should be, and the control no longer held in place.
  window.addEventListener("scroll", () => {
    if (window.scrollY !== scrolledTo) pressed = null;
  }, { passive: true });
}

/**
 * The control last pressed, and its top in the window (`steady`): where the sentence above it
 * grows or shrinks, the window scrolls with it, so that the control stays under the finger (on
 * a phone a hint's longer sentence had moved Hint down, and a second tap shaded a board cell).
 * Measured in the window, not the page: a browser's own scroll anchoring is not doubled.
 */
let pressed = null;
let scrolledTo = null; // where `keepPressedInPlace` last scrolled the window

/** Scroll by what the pressed control moved, down no further than the sentence's first line. */
function keepPressedInPlace() {
  if (!pressed?.control.isConnected || pressed.control.getClientRects().length === 0) return;
  const moved = pressed.control.getBoundingClientRect().top - pressed.top;
  const sentence = status().getBoundingClientRect().top;
  const by = moved > 0 && sentence >= 0 ? Math.min(moved, sentence) : moved;
  if (Math.abs(by) >= 1) {
    window.scrollBy(0, by);
    scrolledTo = window.scrollY;
  }
  pressed.top = pressed.control.getBoundingClientRect().top;
}

/** Let the sentence's block shrink to its sentence (a puzzle or a mode opens: `steady`). */
export function unsteady() {
  document.getElementById("said").style.removeProperty("--kept");
  pressed = null;
}

/** The kind of what the status shows now. */
export function shown() {
  return status().dataset.kind ?? "info";
}

/**
 * Show a failed request's message as "error: ...", brought into view (on a phone the button
 * pressed may lie far below the sentence); a superseded request says nothing.
 */
export function report(error) {
  if (error instanceof Superseded) return;
  say(`error: ${error.message}`, "error");
  revealSentence();
}

/**
 * Show the error of what the puzzle box asked (a load, an open, a generate): in the sentence,
 * and under the box's Load button too when the box is in view and the sentence is not (on a
 * phone the board lies between them), the page left where the player is; else the sentence
 * brought into view. A superseded request says nothing.
 */
export function reportLoad(error) {
  if (error instanceof Superseded) return;
  const message = error instanceof Error ? `error: ${error.message}` : error;
  say(message, "error");
  const note = document.getElementById("load-error");
  note.textContent = message;
  note.hidden = inView(status()) || !inView(document.getElementById("load"));
  if (note.hidden) revealSentence();
  else note.scrollIntoView({ block: "nearest" });
}

/** Clear the puzzle box's error (`reportLoad`): asked again, or loaded. */
export function clearLoadError() {
  document.getElementById("load-error").hidden = true;
}

/** Whether some of ``element`` lies in the window. */
function inView(element) {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

/**
 * Scroll the page as little as it takes to show the sentence and its legend (whose colours the
 * board's cells take: on a phone held sideways it fell below the window), the sentence winning
 * where not both fit; not at all when in view.
 */
export function revealSentence() {
  const legend = document.getElementById("legend");
  if (!legend.hidden) legend.scrollIntoView({ block: "nearest" });
  status().scrollIntoView({ block: "nearest" });
}

/** List ``lines`` (the broken rules' messages), or clear the list. */
export function list(lines = []) {
  const element = messages();
  element.replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
  element.hidden = lines.length === 0;
}
