// The clock: starts with a new puzzle, stops when it is solved (or its solution shown),
// and holds while the player is elsewhere (Steps, Compose).

export class Timer {
  constructor(element) {
    this.element = element;
    this.started = null;
    this.stopped = null;
    this.tick = null;
    this.paused = null;
  }

  start() {
    this.stop();
    this.started = Date.now();
    this.stopped = null;
    this.#run();
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

  #draw() {
    if (this.started === null) {
      this.element.textContent = "0:00";
      return;
    }
    const seconds = Math.floor(((this.stopped ?? this.paused ?? Date.now()) - this.started) / 1000);
    const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
    this.element.textContent = `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
    this.element.setAttribute("datetime", `PT${seconds}S`);
  }
}
