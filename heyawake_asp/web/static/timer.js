// The clock: starts with a new puzzle (or where a kept game left it), stops when it is
// solved (or its solution shown), holds while the player pauses or is elsewhere (Steps,
// Compose), and may be hidden.

export class Timer {
  constructor(element) {
    this.element = element;
    this.started = null;
    this.stopped = null;
    this.tick = null;
    this.paused = null;
  }

  /** Start at ``seconds``; running, or stopped there (a game solved before). */
  start(seconds = 0, running = true) {
    this.#halt();
    const now = Date.now();
    this.started = now - seconds * 1000;
    this.stopped = running ? null : now;
    this.paused = null;
    if (running) this.#run();
    else this.#draw();
  }

  stop() {
    this.#halt();
    if (this.started !== null && this.stopped === null) this.stopped = this.paused ?? Date.now();
    this.paused = null;
    this.#draw();
  }

  /** Hold a running clock; `resume` goes on from the time it shows. */
  pause() {
    if (!this.running) return;
    this.#halt();
    this.paused = Date.now();
    this.#draw();
  }

  resume() {
    if (this.paused === null) return;
    this.started += Date.now() - this.paused;
    this.paused = null;
    this.#run();
  }

  #run() {
    this.element.dataset.running = "true";
    this.tick = setInterval(() => this.#draw(), 1000);
    this.#draw();
  }

  #halt() {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
    this.element.dataset.running = "false";
  }

  get running() {
    return this.tick !== null;
  }

  /** The whole seconds the clock shows. */
  seconds() {
    if (this.started === null) return 0;
    return Math.floor(((this.stopped ?? this.paused ?? Date.now()) - this.started) / 1000);
  }

  /** The time as shown: "m:ss", or "h:mm:ss". */
  text() {
    const seconds = this.seconds();
    const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
    return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
  }

  #draw() {
    this.element.textContent = this.text();
    this.element.setAttribute("datetime", `PT${this.seconds()}S`);
  }
}
