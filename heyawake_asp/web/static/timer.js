// The clock: starts with a new puzzle, stops when it is solved (or its solution shown).

export class Timer {
  constructor(element) {
    this.element = element;
    this.started = null;
    this.stopped = null;
    this.tick = null;
  }

  start() {
    this.stop();
    this.started = Date.now();
    this.stopped = null;
    this.element.dataset.running = "true";
    this.tick = setInterval(() => this.#draw(), 1000);
    this.#draw();
  }

  stop() {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
    if (this.started !== null && this.stopped === null) this.stopped = Date.now();
    this.element.dataset.running = "false";
    this.#draw();
  }

  get running() {
    return this.tick !== null;
  }

  #draw() {
    if (this.started === null) {
      this.element.textContent = "0:00";
      return;
    }
    const seconds = Math.floor(((this.stopped ?? Date.now()) - this.started) / 1000);
    const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
    this.element.textContent = `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
    this.element.setAttribute("datetime", `PT${seconds}S`);
  }
}
