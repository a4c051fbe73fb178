import { describe, expect, it } from 'vitest';
import { startIntervalWorker } from '../src/interval-worker.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startIntervalWorker', () => {
  it('runs repeatedly, never two runs at once, logs errors and carries on; stop waits for the run in progress', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const stop = startIntervalWorker({
      intervalMs: 1,
      firstRunAfterMs: 0,
      onError: (error) => errors.push(error),
      run: async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        await sleep(15);
        active -= 1;
        if (runs === 2) throw new Error('boom');
      },
    });
    await sleep(120);
    await stop();
    expect(active).toBe(0);
    const after = runs;
    await sleep(40);
    expect(runs).toBe(after);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
