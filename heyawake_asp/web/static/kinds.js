// The kinds of rule instance and of step in a player's words, the grades, and the variants of
// the puzzle, as the server's tables have them (/rules.json, from heyawake_asp.steps.kinds,
// .grading and heyawake_asp.variants): the page names no kind, grade or variant itself.

const table = await (await fetch("/rules.json")).json();

/** Each kind of rule instance: [words for one, words for several]. */
export const RULE_WORDS = Object.fromEntries(
  Object.entries(table.rules).map(([name, kind]) => [name, [kind.one, kind.many]]),
);

/** Each kind of step in a player's words (a grade's hardest, a step's button). */
export const KIND_WORDS = Object.fromEntries(
  Object.entries(table.steps).map(([name, kind]) => [name, kind.words]),
);

/** The grades, easiest first ("easy" ... "expert"). */
export const GRADES = table.grades;

/**
 * The variants by name (each also a puzz.link URL's type), plain Heyawake first: each
 * {name, title, words (its rule in a player's words), counts (a number counts black cells,
 * else it is a white area's size), symmetric_rooms, runs, explained}.
 */
export const VARIANTS = table.variants;

/** The plain puzzle's name: the first variant, every puzzle's unless it says otherwise. */
export const PLAIN = Object.keys(VARIANTS)[0];
