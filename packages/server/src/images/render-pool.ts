/**
 * Bounded concurrency for CPU-heavy work (image resizing): at most `slots` jobs run at once (sharp
 * runs them on libuv's threads, off the event loop); at most `queueMax` wait. A full queue refuses
 * at once, so a flood of resize requests cannot pile up memory or latency for other requests.
 */
export class RenderPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly queueMax: number,
  ) {}

  /** Runs `job` when a slot is free; null when the queue is full (the caller answers "busy"). */
  async run<T>(job: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.queueMax) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get depth() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
