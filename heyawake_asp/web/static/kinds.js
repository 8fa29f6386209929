// The kinds of rule instance and of step in a player's words, as the server's table has them
// (/rules.json, from heyawake_asp.steps.kinds): the page names no kind itself.

const table = await (await fetch("/rules.json")).json();

/** Each kind of rule instance: [words for one, words for several]. */
export const RULE_WORDS = Object.fromEntries(
  Object.entries(table.rules).map(([name, kind]) => [name, [kind.one, kind.many]]),
);

/** Each kind of step in a player's words (a grade's hardest, a step's button). */
export const KIND_WORDS = Object.fromEntries(
  Object.entries(table.steps).map(([name, kind]) => [name, kind.words]),
);
