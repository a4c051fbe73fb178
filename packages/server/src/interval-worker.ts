/**
 * Runs background work (hold sweeper, checkout reconciler, mail worker, account sweeper) every
 * `intervalMs` until stopped. The next run is scheduled only when the last one finished, so runs
 * never overlap; an error is handed to `onError` and the worker carries on. Stopping waits for
 * the run in progress, so a shutdown does not cut a transaction in half.
 */
export interface IntervalWorker {
  run: () => Promise<unknown>;
  intervalMs: number;
  onError: (error: unknown) => void;
  /** Delay before the first run; defaults to `intervalMs`. */
  firstRunAfterMs?: number;
}

export function startIntervalWorker(worker: IntervalWorker): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = worker
      .run()
      .catch(worker.onError)
      .finally(() => {
        if (!stopped) schedule(worker.intervalMs);
      });
  };
  schedule(worker.firstRunAfterMs ?? worker.intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
