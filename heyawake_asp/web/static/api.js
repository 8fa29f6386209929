// The JSON API: one POST or GET per call, a newer call of a kind aborting the older one,
// a "working…" indicator for calls that take longer than 200 ms (a stream: until its first
// line); a stream of JSON Lines read line by line as it comes.

const SLOW_MS = 200;
const LINES = "application/x-ndjson";

/** A request that a newer one of the same kind replaced: its answer is ignored. */
export class Superseded extends Error {
  constructor(kind) {
    super(`${kind}: superseded`);
    this.name = "Superseded";
  }
}

/** An error reply, or no reply: the message says where and what ("puzzle:1:1: ..."). */
export class ApiError extends Error {
  constructor(message) {
    super(message);
    this.name = "ApiError";
  }
}

const inFlight = new Map(); // kind -> AbortController
let busy = 0;
let pending = 0; // requests in flight, as <html data-pending> (tests wait for "0")

function count(change) {
  pending += change;
  document.documentElement.dataset.pending = String(pending);
}
let onBusy = () => {};

/**
 * Count work about to send requests (``change`` +1, later -1) as pending, so that a test
 * waiting for <html data-pending="0"> waits for it too (a debounced analysis, say).
 */
export function hold(change) {
  count(change);
}

/** Call ``show(true|false)`` when requests start or stop being slow. */
export function watchBusy(show) {
  onBusy = show;
}

/** Abort the requests in flight of ``kinds``. */
export function abort(kinds) {
  for (const [kind, controller] of inFlight) {
    if (kinds.includes(kind)) {
      controller.abort();
      inFlight.delete(kind);
    }
  }
}

/**
 * The JSON reply of ``path`` (POST ``body`` when given, else GET), as request ``kind``.
 * Throws Superseded when a newer request of that kind started, ApiError on an error reply.
 */
export function call(kind, path, body = undefined) {
  return request(kind, path, body, null);
}

/** POST /api/NAME with ``body``. */
export function post(kind, name, body) {
  return call(kind, `/api/${name}`, body);
}

/**
 * POST /api/NAME with ``body``, asking for JSON Lines: ``onLine(record)`` for each numbered line
 * (``number``: a step) as it comes; the line without a number is the reply (which does not repeat
 * the lines: /api/steps's holds no steps). An error reply, or
 * a reply line that is an error, throws ApiError (and Superseded, as ``call``).
 */
export function stream(kind, name, body, onLine) {
  return request(kind, `/api/${name}`, body, onLine);
}

/** ``call``, or with ``onLine`` ``stream``. */
async function request(kind, path, body, onLine) {
  inFlight.get(kind)?.abort();
  const controller = new AbortController();
  inFlight.set(kind, controller);
  const options = { signal: controller.signal };
  if (body !== undefined) {
    options.method = "POST";
    options.headers = { "Content-Type": "application/json" };
    if (onLine) options.headers.Accept = LINES;
    options.body = JSON.stringify(body);
  }
  count(1);
  let slow = false;
  const timer = setTimeout(() => {
    slow = true;
    busy += 1;
    if (busy === 1) onBusy(true);
  }, SLOW_MS);
  const notSlow = () => {
    clearTimeout(timer);
    if (slow) {
      slow = false;
      busy -= 1;
      if (busy === 0) onBusy(false);
    }
  };
  try {
    const response = await fetch(path, options);
    let reply;
    const lines = onLine && response.ok && response.headers.get("Content-Type")?.startsWith(LINES);
    // Chromium reports a no-store stream read only through its body's reader as aborted
    // (net::ERR_ABORTED) once it has been read to its end; read through a copy (a tee) whose
    // other branch is cancelled at once, it ends as finished.
    if (lines) response.clone().body.cancel();
    try {
      reply = lines ? await readLines(response, (record) => {
        notSlow(); // the first line is in: the page shows the work as it comes
        if (!controller.signal.aborted) onLine(record);
      }) : await response.json();
    } catch (error) {
      if (error instanceof SyntaxError) throw new ApiError(`${path}: HTTP ${response.status}, not JSON`);
      throw error;
    }
    if (controller.signal.aborted) throw new Superseded(kind);
    if (!response.ok || (lines && reply.error !== undefined)) {
      throw new ApiError(reply.error ?? `${path}: HTTP ${response.status}`);
    }
    return reply;
  } catch (error) {
    if (controller.signal.aborted) throw new Superseded(kind);
    if (error instanceof ApiError) throw error;
    throw new ApiError(`${path}: ${error.message}`);
  } finally {
    notSlow();
    count(-1);
    if (inFlight.get(kind) === controller) inFlight.delete(kind);
  }
}

/** Hand each numbered JSON line of ``response`` to ``onLine`` as it comes; the reply: the other. */
async function readLines(response, onLine) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let reply = null;
  const read = (line) => {
    if (!line.trim()) return;
    const record = JSON.parse(line);
    if (record.number !== undefined) onLine(record);
    else reply = record;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const lines = (text + value).split("\n");
    text = lines.pop(); // a line not whole yet
    lines.forEach(read);
  }
  read(text);
  if (reply === null) throw new SyntaxError("no reply");
  return reply;
}
