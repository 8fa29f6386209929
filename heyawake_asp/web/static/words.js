// Sentences the page makes from the API's records, worded once for every place that says
// them: a grade (Grade and Steps), a puzzle without a solution (Hint and Steps), a count.

import { KIND_WORDS } from "./kinds.js";

/** "1 step", "2 steps": ``count`` and its noun, plural unless one. */
export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** "a 6×6", "an 8×8", "an 11×11": a grid's size with its article, as the width is said. */
export function sized(width, height) {
  return `${/^(8|11|18|8\d)$/.test(String(width)) ? "an" : "a"} ${width}×${height}`;
}

/** ``text`` with its first letter a capital, to begin a sentence. */
export function capitalised(text) {
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}

/** A grade record's score as the commands print it: "at least N" for a walk stopped above a bound. */
export function scoreText(grade) {
  return grade.status === "above" ? `at least ${grade.score}` : String(grade.score);
}

/**
 * A grade record in a sentence: "Grade: medium (score 25.8, 28 steps; the hardest step: ...)."
 * For a puzzle with several solutions (its status says so, or ``several`` where a grade
 * stopped past a bound cannot) it says the grade is of the cells they all share.
 */
export function gradeSentence(grade, several = false) {
  const soFar = grade.status === "above" ? " so far" : "";
  const kind = KIND_WORDS[grade.hardest_kind] ?? grade.hardest_kind;
  const hardest = grade.hardest_kind === null ? "" : `; the hardest step${soFar}: ${kind}, difficulty ${grade.hardest_cost}`;
  const words = `${grade.grade} (score ${scoreText(grade)}, ${plural(grade.steps, "step")}${soFar}${hardest})`;
  return grade.status === "several" || several
    ? `Grade: ${words}, of the cells all its solutions share only: this puzzle has several solutions, so it is not a fair puzzle.`
    : `Grade: ${words}.`;
}

/**
 * A puzzle without a solution, with ``why`` (a reply's ``why``: explain's words, which name
 * the numbers that cannot all hold, each room by its first cell) when given.
 */
export function noSolution(why) {
  return why ? `This puzzle has no solution: ${why}.` : "This puzzle has no solution.";
}

/** ``text`` ended as a sentence: with a full stop unless it has one (a step's reason has none). */
export function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * A checker's message as the page says it: without its rule's number ("rule 1: "), which
 * the command line's documentation gives and the page never shows.
 */
export function ruleWords(message) {
  return message.replace(/^rule \d+: /, "");
}
