// The JSON API: one POST or GET per call, a newer call of a kind aborting the older one,
// a "working…" indicator for calls that take longer than 200 ms.

const SLOW_MS = 200;

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
export async function call(kind, path, body = undefined) {
  inFlight.get(kind)?.abort();
  const controller = new AbortController();
  inFlight.set(kind, controller);
  const options = { signal: controller.signal };
  if (body !== undefined) {
    options.method = "POST";
    options.headers = { "Content-Type": "application/json" };
    options.body = JSON.stringify(body);
  }
  count(1);
  let slow = false;
  const timer = setTimeout(() => {
    slow = true;
    busy += 1;
    if (busy === 1) onBusy(true);
  }, SLOW_MS);
  try {
    const response = await fetch(path, options);
    let reply;
    try {
      reply = await response.json();
    } catch {
      throw new ApiError(`${path}: HTTP ${response.status}, not JSON`);
    }
    if (controller.signal.aborted) throw new Superseded(kind);
    if (!response.ok) throw new ApiError(reply.error ?? `${path}: HTTP ${response.status}`);
    return reply;
  } catch (error) {
    if (controller.signal.aborted) throw new Superseded(kind);
    if (error instanceof ApiError) throw error;
    throw new ApiError(`${path}: ${error.message}`);
  } finally {
    clearTimeout(timer);
    count(-1);
    if (slow) {
      busy -= 1;
      if (busy === 0) onBusy(false);
    }
    if (inFlight.get(kind) === controller) inFlight.delete(kind);
  }
}

/** POST /api/NAME with ``body``. */
export function post(kind, name, body) {
  return call(kind, `/api/${name}`, body);
}
