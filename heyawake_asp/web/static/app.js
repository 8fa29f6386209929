// The page: loading a puzzle (text, file, shipped, generated, the address's #puzzle= or
// #draft=), the Play / Compose switch, and the buttons and keys wired to the board, play,
// learn and compose.

import { Superseded, abort, call, post, watchBusy } from "./api.js";
import { Board, ZOOM_STEP } from "./board.js";
import { CREDITS, Compose } from "./compose.js";
import { MAX_SIZE, fromObject, fromUrl, same, toUrl } from "./draft.js";
import { GRADES, VARIANTS } from "./kinds.js";
import { Learn } from "./learn.js";
import { Play } from "./play.js";
import { store, stored } from "./progress.js";
import { clearLoadError, list, report, reportLoad, say, steady, unsteady } from "./status.js";
import { Timer } from "./timer.js";
import { capitalised, plural, sized } from "./words.js";

const $ = (id) => document.getElementById(id);
const HASH = "#puzzle=";
const DRAFT = "#draft=";
const GRID = "&grid="; // after #puzzle=: the player's grid, in a link made on request
const LINK_CHARS = { "#": "x", ".": "o", "?": "_" };
const GRID_CHARS = { x: "#", o: ".", _: "?" };
/** What a puzzle is, in a sentence: "puzzle", or its variant and the variant's rule. */
function kindOf({ variant }) {
  const known = VARIANTS[variant];
  return known?.words ? `${known.title} puzzle (${known.words})` : "puzzle";
}

const board = new Board($("board"), $("board-said"), (x, y, char) => play.set(x, y, char), {
  begin: (x, y, char) => play.begin(x, y, char),
  paint: (x, y) => play.paint(x, y),
  end: () => play.end(),
  cancel: () => play.cancel(),
});
const play = new Play(board, new Timer($("timer")), { autoCheck: $("auto-check"), strict: $("strict"), mirror: $("mirror") });
let paused = false;
const learn = new Learn(
  board,
  {
    panel: $("learn"), more: $("learn-more"), moves: ["first", "previous", "next", "last"].map($), slider: $("slider"),
    position: $("position"), grade: $("learn-grade"), hardest: $("hardest"),
  },
  () => {
    play.redraw();
    play.timer.resume();
    say(backToGrid());
    enable();
    board.svg.focus({ preventScroll: true }); // the keys play again (Steps' controls are gone)
  },
);
const compose = new Compose(
  board,
  {
    analysis: $("analysis"), legend: $("draft-legend"), clue: $("room-clue"), undo: $("draft-undo"), redo: $("draft-redo"),
    suggest: $("suggest"), apply: $("apply"), exportPanel: $("export-panel"),
    exportUrl: $("export-url"), exportLink: $("export-link"), exportText: $("export-text"),
    picture: $("export-picture"),
    downloads: Object.fromEntries(
      ["url", "text", "json", "kth", "svg"].map((to) => [to, $(`download-${to}`)]),
    ),
    tools: [...document.querySelectorAll("input[name='tool']")],
    shared: $("shared"), title: $("draft-title"), author: $("draft-author"), variant: $("draft-variant"),
  },
  {
    changed(draft) {
      $("draft-width").value = String(draft.width);
      $("draft-height").value = String(draft.height);
      // The address keeps the draft (replaced, not a new history entry per edit), and so does
      // the browser's storage, once it is the author's: a game's copy not yet edited is not
      // (kept, it would replace their draft, and open later with the game's solution shown).
      const hash = draftHash();
      if (location.hash !== hash) history.replaceState(null, "", hash);
      if (copied !== null && same(draft, copied)) return;
      copied = null;
      keepDraft(hash, null);
      store(LAST_KEY, hash);
    },
  },
);
let ownHash = null; // the hash this page set: its hashchange is not a new puzzle
let copied = null; // the copy of a game Compose opened on, until the author edits it

const PUZZLE_REQUESTS = ["load-json", "load-url", "check", "hint", "solve", "grade", "steps"];
const PLAY_BUTTONS = ["check", "hint", "undo", "redo", "solve", "grade", "steps", "start-over", "pause", "save", "picture-svg", "picture-png", "share"];
const OPTIONS = { "auto-check": false, strict: false, dots: true, "show-time": true, mirror: false };
const OPTIONS_KEY = "heyawake:options";
const INSTANCE_KEY = "heyawake:instance"; // {name, source}: the shipped puzzle last opened
const LAST_KEY = "heyawake:last"; // the address last opened, a game's or a draft's: the bare address opens it
const GAME_KEY = "heyawake:last-game"; // the address of the game last opened (`lastGame`)
const DRAFT_KEY = "heyawake:draft"; // {address, game, done, undone}: the draft last edited, the game Play this draft made of it, its history
const HISTORY_KEPT = 100; // the edits Undo (and Redo) go back over once the page is reloaded

function enable() {
  const loaded = play.puzzle !== null;
  for (const id of PLAY_BUTTONS) {
    // Learning, none (Steps' own controls show); paused, only Pause (to resume).
    const allowed = !learn.active && (!paused || id === "pause");
    $(id).disabled = !loaded || !allowed;
  }
  $("game").toggleAttribute("data-learning", learn.active); // Steps shows its own controls
  if (loaded && !learn.active && !paused) {
    $("undo").disabled = play.done.length === 0;
    $("redo").disabled = play.undone.length === 0;
  }
}

/** "Back to your grid.", and that it is solved once it is (the sentence had said so before). */
function backToGrid() {
  return play.solved ? `Back to your grid, solved in ${play.timer.text()}.` : "Back to your grid.";
}

/** Pause (the board hidden, the clock held) or resume. */
function setPaused(pause, { quiet = false } = {}) {
  if (pause === paused || (pause && !play.puzzle)) return;
  paused = pause;
  $("pause").textContent = pause ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(pause));
  $("board").classList.toggle("paused", pause);
  $("board-frame").inert = pause; // nor can the focus land on the board, where nothing would show it
  board.readOnly = pause;
  if (pause) play.timer.pause();
  else play.timer.resume();
  if (!quiet) say(pause ? "Paused: the board is hidden until you resume." : backToGrid());
  enable();
}

/** The checkboxes as the player left them (in the browser's storage), kept on each change. */
function restoreOptions() {
  const options = stored(OPTIONS_KEY) ?? {};
  for (const [id, fallback] of Object.entries(OPTIONS)) {
    $(id).checked = typeof options[id] === "boolean" ? options[id] : fallback;
    $(id).addEventListener("change", () => {
      store(OPTIONS_KEY, Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, $(name).checked])));
    });
  }
  board.showDots($("dots").checked);
  $("timer").parentElement.hidden = !$("show-time").checked;
}
play.onHistory = enable;

/** The title and author of a puzzle object or reply, as the Compose fields and the caption take them. */
const creditsOf = (puzzle) => ({ title: puzzle.title, author: puzzle.author });

/** ``credits`` as an address carries them after its puzzle: ``&title=...&author=...`` (none left out). */
const creditsPart = (credits) =>
  CREDITS.filter((kind) => credits[kind]).map((kind) => `&${kind}=${encodeURIComponent(credits[kind])}`).join("");

/** The draft's address: its puzz.link URL, then its title and author. */
const draftHash = () => DRAFT + encodeURIComponent(compose.url()) + creditsPart(compose.credits());

/** The address of ``puzzle`` in play: its source, then its title and author, as a draft's. */
const puzzleHash = (puzzle) => HASH + encodeURIComponent(puzzle.source) + creditsPart(creditsOf(puzzle));

/**
 * What an address carries after ``#puzzle=`` or ``#draft=``: {head, fields}, the puzzle and
 * the ``&name=value`` parts after it (values as written). No part holds a bare "&": the puzzle
 * and the credits are encoded, a grid is letters and "/".
 */
function addressParts(rest) {
  const [head, ...parts] = rest.split("&");
  return { head, fields: Object.fromEntries(parts.map((part) => [part.split("=")[0], part.slice(part.indexOf("=") + 1)])) };
}

/** The title and author among an address's ``fields``, decoded. Throws URIError on a bad encoding. */
const creditsOfFields = (fields) =>
  Object.fromEntries(CREDITS.filter((kind) => kind in fields).map((kind) => [kind, decodeURIComponent(fields[kind])]));

/**
 * Show Play or Compose (``draft``: the draft to compose, as an edit of the one there).
 * ``resume``: Play with no game in this page goes on with the game last played (the player
 * pressed Play; a draft played or a link followed brings its own). ``edits``: the draft's
 * Undo and Redo history, as the browser kept it, for a page with no draft yet.
 */
function setMode(mode, draft = null, { resume = false, edits = null } = {}) {
  const composing = mode === "compose";
  if (composing && compose.active && !draft) return; // already composing
  unsteady();
  $("mode-play").setAttribute("aria-pressed", String(!composing));
  $("mode-compose").setAttribute("aria-pressed", String(composing));
  $("game").toggleAttribute("data-composing", composing); // the clock steps aside (CSS)
  $("play-controls").hidden = composing;
  $("play-keys").hidden = composing;
  $("compose-controls").hidden = !composing;
  $("compose-keys").hidden = !composing;
  $("credits").hidden = composing || !$("credits").textContent; // the game's: Compose has its fields
  $("load-title").textContent = composing ? "Puzzle (loads into the draft)" : "Puzzle";
  if (composing) {
    learn.close();
    setPaused(false, { quiet: true }); // a paused game's board was hidden, and inert, in Compose too
    play.timer.pause();
    list();
    // Said once the draft is open: opening it describes the draft.
    let sentence = null;
    const fromGame = !compose.active && !compose.draft && !draft && play.puzzle;
    const own = fromGame ? draftPlayed() : null;
    if (own) {
      // The author's own draft, played (the page reloaded since): composed again as it was.
      draft = own.draft;
      edits = own.history;
      compose.setCredits(own.credits);
      compose.setVariant(play.puzzle.variant);
      sentence = "Back to your draft.";
    } else if (fromGame) {
      draft = copied = fromObject(play.puzzle);
      edits = keptBehind();
      compose.setCredits(creditsOf(play.puzzle));
      compose.setVariant(play.puzzle.variant);
      // A puzzle not yet solved, moves made or not: the player may be about to play it.
      if (!play.solved) $("shared").checked = false;
      sentence = play.solved
        ? "Composing a copy of the puzzle in play: edit its rooms and numbers."
        : "Composing a copy of the puzzle in play; its solution stays hidden (tick shared cells to see it).";
      if (edits) sentence += " Undo goes back to your draft.";
    } else if (!compose.active && !draft) {
      sentence = "Compose: drag rectangles to make rooms; select a room and type its number.";
    }
    if (!compose.active && location.hash.startsWith(HASH)) history.pushState(null, "", location.href);
    compose.open(draft, edits);
    if (sentence) say(sentence);
  } else if (compose.active) {
    compose.close();
    play.timer.resume();
    if (play.puzzle) {
      $("puzzle-text").value = play.puzzle.source; // Compose's New had emptied it
      board.setPuzzle(play.puzzle);
      play.redraw();
      ownHash = puzzleHash(play.puzzle);
      if (location.hash !== ownHash) history.pushState(null, "", ownHash);
      ownHash = location.hash;
      store(LAST_KEY, ownHash);
      say(backToGrid());
    } else if (resume && lastGame()) { // the page opened in Compose (a draft's address)
      history.pushState(null, "", lastGame());
      loadFromHash();
    } else {
      board.clear();
      if (location.hash) history.pushState(null, "", location.pathname + location.search);
      say("Load a puzzle to begin.");
    }
  }
  enable();
}

/** ``address`` when it is a string starting with one of ``kinds`` (``#puzzle=``, ``#draft=``), else null. */
const addressOf = (address, ...kinds) =>
  typeof address === "string" && kinds.some((kind) => address.startsWith(kind)) ? address : null;

/** The address of the game last played in this browser (`GAME_KEY`; before it, `LAST_KEY`), or null. */
function lastGame() {
  return addressOf(stored(GAME_KEY), HASH) ?? addressOf(stored(LAST_KEY), HASH);
}

/**
 * The address the bare address opens: the game or the draft last opened in this browser (a
 * draft that can no longer be read: the game last played), or null.
 */
function lastOpened() {
  const last = addressOf(stored(LAST_KEY), HASH, DRAFT);
  return last?.startsWith(DRAFT) && draftRead(last) === null ? lastGame() : last;
}

/**
 * The draft last edited here (`DRAFT_KEY`): {address, game, draft, credits, history} (history:
 * {done, undone} as drafts, or null when none reads), or null when none is kept or it does not
 * read.
 */
function keptDraft() {
  const kept = stored(DRAFT_KEY);
  const read = draftRead(addressOf(kept?.address, DRAFT));
  return read && { address: kept.address, game: kept.game, ...read, history: historyOf(kept) };
}

/** The kept draft (`keptDraft`) if Play this draft made the game in play, else null. */
function draftPlayed() {
  const kept = keptDraft();
  return kept?.game === ownHash ? kept : null;
}

/**
 * Keep the draft at ``address`` in the browser (`DRAFT_KEY`), with ``game`` (the game Play this
 * draft made of it, or null) and the latest of its Undo and Redo history; without the history
 * where the storage cannot hold it (a large draft's can take hundreds of kilobytes).
 */
function keepDraft(address, game) {
  const urls = (drafts) => drafts.slice(-HISTORY_KEPT).map(urlOf);
  const history = { done: urls(compose.done), undone: urls(compose.undone) };
  if (!store(DRAFT_KEY, { address, game, ...history })) store(DRAFT_KEY, { address, game });
}

/** Each draft's URL, made once: the whole history is kept again after each edit. */
const draftUrls = new WeakMap();
const urlOf = (draft) => {
  if (!draftUrls.has(draft)) draftUrls.set(draft, toUrl(draft));
  return draftUrls.get(draft);
};

/**
 * The draft kept in this browser, after its own history, as the history of a draft composed in
 * its place (a game's copy): one Undo goes back to it, where an edit of the copy would have
 * replaced it for good. Null when none is kept.
 */
function keptBehind() {
  const kept = keptDraft();
  return kept && { done: [...(kept.history?.done ?? []), kept.draft], undone: [] };
}

/** The Undo and Redo history kept with the draft at ``address``, {done, undone} as drafts, or null. */
const keptHistory = (address) => {
  const kept = keptDraft();
  return kept?.address === address ? kept.history : null;
};

/** The history of a kept draft's entry, {done, undone} as drafts; null for none, or one that does not read. */
function historyOf(kept) {
  try {
    return { done: kept.done.map(fromUrl), undone: kept.undone.map(fromUrl) };
  } catch {
    return null; // an entry from before histories were kept, or edited by hand
  }
}

/** The draft and its credits a ``#draft=`` address carries, or null (none, or unreadable). */
function draftRead(hash) {
  try {
    return hash === null ? null : draftAddressed(hash);
  } catch {
    return null;
  }
}

/** The draft and its credits a ``#draft=`` address carries. Throws on one that cannot be read. */
function draftAddressed(hash) {
  const { head, fields } = addressParts(hash.slice(DRAFT.length));
  return { draft: fromUrl(decodeURIComponent(head)), credits: creditsOfFields(fields) };
}

/** The draft of a puzzle in any format (converted by the API) and the reader's warnings, or null after an error. */
async function draftOf(text) {
  clearLoadError();
  try {
    const reply = await post("load-json", "convert", { puzzle: text, to: "json" });
    const puzzle = JSON.parse(reply.text);
    if (puzzle.width > MAX_SIZE || puzzle.height > MAX_SIZE) {
      reportLoad(`error: ${sized(puzzle.width, puzzle.height)} puzzle: drafts are at most ${MAX_SIZE}×${MAX_SIZE}`);
      return null;
    }
    const { variant } = puzzle;
    return { draft: fromObject(puzzle), credits: creditsOf(puzzle), variant, warnings: reply.warnings ?? [] };
  } catch (error) {
    reportLoad(error);
    return null;
  }
}

/** Read ``text`` as a puzzle: in Compose, as the draft; else to play. */
async function load(text) {
  if (compose.active) {
    abort(PUZZLE_REQUESTS);
    const read = await draftOf(text);
    if (!read) return;
    const { draft, credits, variant, warnings } = read;
    compose.setCredits(credits);
    compose.setVariant(variant);
    compose.open(draft);
    say(`Composing ${sized(draft.width, draft.height)} draft with ${plural(draft.clues.length, "room")} (Undo goes back to the one before).${noted(warnings)}`);
    return;
  }
  await playText(text);
}

/** Read ``text`` as a puzzle, draw it, and put its puzz.link URL in the address. */
async function playText(text, linked = null, linkCredits = {}) {
  abort(PUZZLE_REQUESTS);
  clearLoadError();
  learn.close(); // its walk is stopped: a load that fails leaves its error beside the grid
  // The puzz.link URL is the puzzle from here on, for every request: the rooms drawn from its
  // JSON are numbered as the API numbers them (a file's own room order may differ).
  let url = null;
  let reply;
  let warnings = [];
  let marks = null; // a puzz.link file's shading
  let credits = {};
  try {
    const converted = await post("load-url", "convert", { puzzle: text, to: "url" });
    credits = creditsOf(converted);
    url = converted.text.trim();
    warnings = converted.warnings ?? [];
    marks = converted.marks ?? null;
  } catch (error) {
    if (error instanceof Superseded) return;
  }
  const source = url ?? text;
  try {
    reply = await post("load-json", "convert", { puzzle: source, to: "json" });
  } catch (error) {
    reportLoad(error);
    return;
  }
  if (url === null) warnings = reply.warnings ?? [];
  for (const kind of CREDITS) credits[kind] ||= linkCredits[kind]; // the puzzle's own first
  const puzzle = { source, ...JSON.parse(reply.text), ...credits };
  showCredits(credits);
  setPaused(false);
  let resumed = play.start(puzzle);
  $("mirror-option").hidden = !VARIANTS[puzzle.variant]?.symmetric_rooms;
  const given = marks ?? linked; // a puzz.link file's shading, or a link's grid
  if (given && given.length === puzzle.height && given.every((row) => row.length === puzzle.width)) {
    play.adopt(given);
    resumed = false;
  }
  ownHash = puzzleHash(puzzle);
  if (location.hash !== ownHash) location.hash = ownHash;
  ownHash = location.hash;
  store(LAST_KEY, ownHash);
  store(GAME_KEY, ownHash);
  const link = $("puzzle-link");
  link.href = url ?? ownHash;
  link.textContent = url ?? "this puzzle";
  $("link-line").hidden = false;
  $("progress-line").hidden = true;
  const left = play.solved ? `solved in ${play.timer.text()}` : "as you left it";
  const opening = resumed
    ? `Your ${puzzle.width}×${puzzle.height} game ${left} (Start over begins it again).`
    : `${capitalised(sized(puzzle.width, puzzle.height))} ${kindOf(puzzle)} with ${plural(puzzle.rooms.length, "room")}: shade cells, or ask for a hint.`;
  say(`${opening}${noted(warnings)}`);
  enable();
  // Opened from the panel beside the board (below it on a phone): the game comes into view.
  const game = $("game").getBoundingClientRect();
  if (game.top < 0 || game.top > window.innerHeight / 2) $("game").scrollIntoView({ block: "start" });
}

/** Download the puzzle and the grid as a puzz.link file (pzprv3), to open there. */
async function save() {
  if (!play.puzzle) return;
  try {
    const reply = await post("save", "convert", { puzzle: play.puzzle.source, to: "pzprv3", grid: play.rows() });
    download("heyawake.txt", new Blob([reply.text], { type: "text/plain" }));
    say("Saved as a puzz.link file (heyawake.txt), your shading with it: open it there with File, Open.");
  } catch (error) {
    report(error);
  }
}

/** Download ``blob`` as the file ``name``. */
function download(name, blob) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The board as a picture, SVG or PNG, with the player's shading when the box says so. */
async function picture(kind) {
  if (!play.puzzle) return;
  const body = { puzzle: play.puzzle.source, to: "svg" };
  if ($("with-shading").checked) body.grid = play.rows();
  try {
    const svg = (await post("picture", "convert", body)).text;
    if (kind === "svg") {
      download("heyawake.svg", new Blob([svg], { type: "image/svg+xml" }));
    } else {
      download("heyawake.png", await png(svg));
    }
    say(`Saved the board as heyawake.${kind}.`);
  } catch (error) {
    report(error);
  }
}

/** ``svg`` drawn on a canvas, as a PNG blob. */
function png(svg) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener("load", () => {
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d").drawImage(image, 0, 0);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no picture"))), "image/png");
    });
    image.addEventListener("error", () => reject(new Error("the picture cannot be drawn")));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** The reader's warnings as a sentence to add to the status ("" when none). */
function noted(warnings) {
  return warnings.length ? ` Read with warnings: ${warnings.join("; ")}.` : "";
}

/** The puzzle's title and author above the status (hidden when it has neither). */
function showCredits({ title, author }) {
  const caption = $("credits");
  caption.textContent = [title ? `“${title}”` : "", author ? `by ${author}` : ""].filter(Boolean).join(" ");
  caption.hidden = !title && !author;
}

function loadFromHash() {
  if (location.hash.startsWith(DRAFT)) {
    if (compose.active && compose.draft && location.hash === draftHash()) return;
    let draft;
    let credits;
    try {
      ({ draft, credits } = draftAddressed(location.hash));
    } catch (error) {
      say(`error: the address's #draft= cannot be read: ${error.message}`, "error");
      return;
    }
    compose.setCredits(credits);
    compose.setVariant(draft.variant);
    setMode("compose", draft, { edits: keptHistory(location.hash) });
    return;
  }
  const hash = location.hash;
  if (!hash.startsWith(HASH)) return;
  if (compose.active) setMode("play"); // rewrites the address: the game's own link, or none
  if (hash === ownHash) return;
  if (location.hash !== hash) history.replaceState(null, "", hash); // the link followed stays
  let address;
  try {
    address = addressed(hash);
  } catch {
    say("error: the address's #puzzle= is not a valid encoding", "error");
    return;
  }
  $("puzzle-text").value = address.text;
  playText(address.text, address.grid === undefined ? null : gridOfLink(address.grid), address.credits);
}

/**
 * What ``hash`` carries after ``#puzzle=``: {text, grid, credits} (grid: what follows
 * ``&grid=``, or undefined; credits: its title and author), or null when it names no puzzle.
 * Throws URIError on a bad encoding.
 */
function addressed(hash) {
  if (!hash.startsWith(HASH)) return null;
  const { head, fields } = addressParts(hash.slice(HASH.length));
  return { text: decodeURIComponent(head), grid: fields.grid, credits: creditsOfFields(fields) };
}

/** The puzzle the address names, or null (none, or a bad encoding). */
function addressedPuzzle() {
  try {
    return addressed(location.hash)?.text ?? null;
  } catch {
    return null;
  }
}

/** A grid as a link carries it: rows joined by "/", x black, o white, _ open. */
function linkOfGrid(rows) {
  return rows.map((row) => [...row].map((char) => LINK_CHARS[char]).join("")).join("/");
}

/** The grid a link carries (rows of '#', '.', '?'), or null when it does not read. */
function gridOfLink(text) {
  const rows = text.split("/").map((row) => [...row].map((char) => GRID_CHARS[char] ?? "!").join(""));
  return rows.some((row) => row.includes("!")) ? null : rows;
}

async function fillInstances() {
  const select = $("instance");
  try {
    const reply = await call("instances", "/api/instances");
    // The players' list: puzzles to play (one solution, a size the page grades in time),
    // grouped by their grade, easiest first (a folder's name says a size, not how hard),
    // else by their folder; named by size and seed. In a group, fewer cells first (a 36x20
    // before a 35x35), then by name, its numbers as numbers (9x9 before 11x11, seed 2 before
    // 10); named puzzles (KTH's) last.
    const groups = new Map(GRADES.map((grade) => [grade, document.createElement("optgroup")]));
    const folderOf = (name) => (name.includes("/") ? name.slice(0, name.indexOf("/")) : "other");
    // "6×6, seed 2", the size written as sentences write it.
    const labelOf = (name) =>
      name.slice(folderOf(name).length + 1).replace(/\.lp$/, "").replace("-s", ", seed ").replace(/^(\d+)x(\d+)/, "$1×$2");
    const cellsOf = (name) => {
      const found = labelOf(name).match(/^(\d+)×(\d+)/);
      return found ? found[1] * found[2] : Infinity;
    };
    // Two named puzzles differ by NaN (Infinity less Infinity): their names decide.
    const bySize = (a, b) => cellsOf(a) - cellsOf(b) || labelOf(a).localeCompare(labelOf(b), "en", { numeric: true });
    for (const name of [...reply.players].sort(bySize)) {
      const grade = reply.grades?.[name];
      const key = grade ?? folderOf(name);
      if (!groups.has(key)) groups.set(key, document.createElement("optgroup"));
      // The grade in the label too: the closed list shows the option, not its group.
      groups.get(key).append(new Option(grade ? `${labelOf(name)} (${grade})` : labelOf(name), name));
    }
    for (const [key, group] of groups) group.label = key;
    select.replaceChildren(...[...groups.values()].filter((group) => group.children.length > 0));
    // The puzzle in play, when it was opened from this list; else the list's first.
    const opened = stored(INSTANCE_KEY);
    const first = select.querySelector("option");
    const inPlay = opened?.source === addressedPuzzle() && reply.players.includes(opened?.name);
    if (inPlay) select.value = opened.name;
    else if (first) select.value = first.value;
  } catch (error) {
    select.replaceChildren(new Option("(none)", ""));
    report(error);
  }
}

async function openInstance() {
  const select = $("instance");
  const name = select.value;
  if (!name) return;
  // Said at once: the board and its sentence are the puzzle before until this one is read.
  say(`Opening ${select.selectedOptions[0].text}…`);
  try {
    const reply = await call("instance", `/api/instances/${name}`);
    await load(reply.puzzle);
    if (!compose.active && play.puzzle) store(INSTANCE_KEY, { name, source: play.puzzle.source });
  } catch (error) {
    reportLoad(error);
  }
}

async function generate(event) {
  event.preventDefault();
  const number = (id) => Number.parseInt($(id).value, 10);
  const [width, height] = [number("gen-width"), number("gen-height")];
  const size = Number.isInteger(width) && Number.isInteger(height) ? `${sized(width, height)} ` : "a ";
  say(`Generating ${size}puzzle…`); // a large one takes seconds
  try {
    const reply = await post("generate", "generate", {
      width, height, seed: number("gen-seed"),
      ...($("gen-grade").value ? { grade: $("gen-grade").value } : {}),
    });
    $("puzzle-text").value = reply.puzzle;
    await load(reply.puzzle);
  } catch (error) {
    const grade = $("gen-grade").value;
    // A grade is found by generating puzzles until one walks as asked: it may take longer.
    const late = grade && !(error instanceof Superseded) && /time limit/.test(error.message);
    reportLoad(late ? `error: no ${grade} puzzle ${width}×${height} was found within the time limit: try a smaller grid, another seed, or any grade` : error);
  }
}

function openFile() {
  const file = $("puzzle-file").files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.addEventListener("load", () => {
    $("puzzle-text").value = reader.result;
    load(reader.result);
  });
  reader.addEventListener("error", () => reportLoad(`error: ${file.name}: cannot be read`));
  reader.readAsText(file);
}

function keys(event) {
  const target = event.target;
  const typing = target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !["checkbox", "radio", "range"].includes(target.type));
  if (learn.active) {
    if (!typing && !event.ctrlKey && !event.metaKey && learn.key(event)) event.preventDefault();
    return;
  }
  if (compose.active) {
    if (typing) return;
    const key = event.key.toLowerCase();
    if (event.ctrlKey || event.metaKey) {
      if (key === "z" && !event.shiftKey) compose.undo();
      else if (key === "y" || (key === "z" && event.shiftKey)) compose.redo();
      else return;
      event.preventDefault();
    } else if (compose.key(event)) {
      event.preventDefault();
    }
    return;
  }
  if (typing || !play.puzzle) return;
  const key = event.key.toLowerCase();
  if (!(event.ctrlKey || event.metaKey)) {
    if (key !== "h" || event.altKey || $("hint").disabled) return;
    play.hint();
    event.preventDefault();
    return;
  }
  if (key === "z" && !event.shiftKey) play.undo();
  else if (key === "y" || (key === "z" && event.shiftKey)) play.redo();
  else return;
  event.preventDefault();
}

watchBusy((busy) => {
  $("working").hidden = !busy;
  $("main").setAttribute("aria-busy", String(busy));
});
$("check").addEventListener("click", () => play.check());
$("hint").addEventListener("click", () => play.hint());
$("undo").addEventListener("click", () => play.undo());
$("redo").addEventListener("click", () => play.redo());
$("solve").addEventListener("click", () => play.solve());
$("grade").addEventListener("click", () => play.grade());
$("steps").addEventListener("click", () => {
  abort(["check", "hint", "solve", "grade"]); // a late answer would speak over the steps
  learn.open(play.puzzle); // open at once; the steps come as they are found
  play.timer.pause();
  enable();
});
$("first").addEventListener("click", () => learn.go(0));
$("previous").addEventListener("click", () => learn.go(learn.index - 1));
$("next").addEventListener("click", () => learn.go(learn.index + 1));
$("last").addEventListener("click", () => learn.go(Infinity));
$("back").addEventListener("click", () => learn.close());
$("slider").addEventListener("input", () => learn.go(Number($("slider").value)));
$("load-text").addEventListener("click", () => load($("puzzle-text").value));
$("puzzle-text").addEventListener("input", clearLoadError); // being mended: the error is the old text's
$("puzzle-file").addEventListener("change", openFile);
$("open-instance").addEventListener("click", openInstance);
$("generate-form").addEventListener("submit", generate);
$("auto-check").addEventListener("change", () => {
  if ($("auto-check").checked) play.check();
});
$("strict").addEventListener("change", () => play.check()); // the verdict under the new rule
$("dots").addEventListener("change", () => board.showDots($("dots").checked));
$("show-time").addEventListener("change", () => {
  $("timer").parentElement.hidden = !$("show-time").checked;
});
$("start-over").addEventListener("click", () => {
  setPaused(false);
  play.startOver();
  enable();
});
$("pause").addEventListener("click", () => setPaused(!paused));
$("zoom-in").addEventListener("click", () => board.zoom(ZOOM_STEP));
// Zoomed out by the player, the board stays as set: steps and hints no longer zoom in.
for (const [id, factor] of [["zoom-out", 1 / ZOOM_STEP], ["zoom-fit", 1]]) {
  $(id).addEventListener("click", () => {
    board.magnifying = false;
    board.zoom(factor);
  });
}
$("save").addEventListener("click", save);
$("share").addEventListener("click", () => {
  if (!play.puzzle) return;
  const link = `${location.origin}${location.pathname}${puzzleHash(play.puzzle)}${GRID}${linkOfGrid(play.rows())}`;
  const anchor = $("progress-link");
  anchor.href = link;
  anchor.textContent = "this puzzle with your grid";
  $("progress-line").hidden = false;
  $("progress-line").scrollIntoView({ block: "nearest" }); // in the Puzzle box: on a phone, below the board
  say("A link to this puzzle with your grid is in the Puzzle box (With your grid): copy it to go on elsewhere.");
});
$("picture-svg").addEventListener("click", () => picture("svg"));
$("picture-png").addEventListener("click", () => picture("png"));
// The clock's time is kept as the page goes (a reload, a closed tab).
window.addEventListener("pagehide", () => play.keep());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") play.keep();
});
$("mode-play").addEventListener("click", () => setMode("play", null, { resume: true }));
$("mode-compose").addEventListener("click", () => setMode("compose"));
const size = (id) => Math.min(MAX_SIZE, Math.max(1, Number.parseInt($(id).value, 10) || 1));
$("draft-new").addEventListener("click", () => {
  $("puzzle-text").value = ""; // it held the puzzle the old draft came from
  $("shared").checked = true; // the author's own draft: nothing to spoil (a copy of a game unticks it)
  compose.blank(size("draft-width"), size("draft-height"));
});
$("draft-resize").addEventListener("click", () => compose.resize(size("draft-width"), size("draft-height")));
$("draft-rotate").addEventListener("click", () => compose.turn("rotate"));
$("draft-flip").addEventListener("click", () => compose.turn("flip"));
$("draft-undo").addEventListener("click", () => compose.undo());
$("draft-redo").addEventListener("click", () => compose.redo());
$("shared").addEventListener("change", () => compose.redraw());
$("suggest").addEventListener("click", () => compose.suggest());
$("apply").addEventListener("click", () => compose.apply());
$("export").addEventListener("click", () => compose.export());
for (const id of ["draft-title", "draft-author"]) $(id).addEventListener("input", () => compose.creditsChanged());
$("draft-variant").addEventListener("change", () => compose.rulesChanged());
$("play-draft").addEventListener("click", async () => {
  const puzzle = compose.json(); // with its title and author
  try { // a draft its rules refuse (an ayeheya room not symmetric) stays in Compose, the error said
    await post("load-json", "convert", { puzzle, to: "json" });
  } catch (error) {
    report(error);
    return;
  }
  const address = draftHash();
  setMode("play");
  const before = ownHash;
  $("puzzle-text").value = compose.url();
  await playText(puzzle);
  // Played (a game of its own opened): Compose on that game goes on with the draft.
  if (ownHash !== before) keepDraft(address, ownHash);
});
document.addEventListener("keydown", keys);
window.addEventListener("hashchange", loadFromHash);
// The board takes the window's height below its top (`Board.fit`): measured again as the window
// is resized and as what lies above it (a sentence, a step's legend, the steps' controls, a
// mode's) changes height, so that it never runs past the window.
let width = window.innerWidth;
window.addEventListener("resize", () => {
  if (window.innerWidth !== width) unsteady(); // sentences wrap anew (a phone's bars change only the height)
  width = window.innerWidth;
  board.fit();
});
const above = new ResizeObserver(() => board.fit());
for (const node of $("board-frame").parentElement.children) {
  if (node === $("board-frame")) break;
  // A box of its own, and its children's: a layout may show a node's children only
  // (display: contents, Steps' and a phone's Compose controls), and those have no box.
  for (const shown of [node, ...node.children]) above.observe(shown);
}

restoreOptions();
enable();
steady();
board.fit();
fillInstances();
// The bare address goes on with the game or the draft last opened in this browser, as a reload
// of its own address does.
const opened = location.hash ? null : lastOpened();
if (opened) history.replaceState(null, "", opened);
loadFromHash();
