import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_TIMEOUT_MS, ChunkTimeoutError, loadChunk } from '../src/lib/lazy.js';

/**
 * Lazy route chunks (docs/routes.md#app-shell-and-modals): a chunk that fails to load — or has not loaded within the 120 000 ms
 * asset timeout — is retried once by reloading the page with a cache-busting parameter; a second
 * failure at the same address reaches the error boundary, and a success forgets the retry.
 */
describe('loading a route chunk', () => {
  const reloads: string[] = [];
  const reload = (url: string) => void reloads.push(url);
  const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  const settled = async (promise: Promise<unknown>) => {
    let state = 'pending';
    promise.then(() => (state = 'resolved'), () => (state = 'rejected'));
    await vi.advanceTimersByTimeAsync(0);
    return state;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-06-01T16:00:00Z') });
    sessionStorage.clear();
    reloads.length = 0;
    window.history.replaceState(null, '', '/events/abc?date=2026-06-02');
  });
  afterEach(() => vi.useRealTimers());

  it('retries a failed chunk once with a cache-busting reload of the same address', async () => {
    const first = loadChunk(failing, reload);
    expect(await settled(first)).toBe('pending');
    expect(reloads).toHaveLength(1);
    const url = new URL(reloads[0]);
    expect(url.pathname + url.search).toBe(`/events/abc?date=2026-06-02&_r=${Date.parse('2026-06-01T16:00:00Z')}`);
    // The reloaded page fails again at the same address: the error boundary has it, and the next failure may retry again.
    await expect(loadChunk(failing, reload)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reloads).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('a chunk that loads forgets the retry', async () => {
    const first = loadChunk(failing, reload);
    expect(await settled(first)).toBe('pending');
    await expect(loadChunk(() => Promise.resolve({ Component: 'page' }), reload)).resolves.toEqual({ Component: 'page' });
    void loadChunk(failing, reload);
    await vi.advanceTimersByTimeAsync(0);
    expect(reloads).toHaveLength(2);
  });

  it('a chunk still loading after 120 000 ms counts as failed and is retried', async () => {
    const hanging = loadChunk(() => new Promise(() => {}), reload);
    await vi.advanceTimersByTimeAsync(ASSET_TIMEOUT_MS - 1);
    expect(reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toHaveLength(1);
    expect(await settled(hanging)).toBe('pending');
    // Hanging again after the reload: the error boundary says so.
    const again = loadChunk(() => new Promise(() => {}), reload);
    const outcome = expect(again).rejects.toBeInstanceOf(ChunkTimeoutError);
    await vi.advanceTimersByTimeAsync(ASSET_TIMEOUT_MS);
    await outcome;
    expect(reloads).toHaveLength(1);
  });

  it('a slow chunk that loads within the timeout is used', async () => {
    const slow = loadChunk(() => new Promise((resolve) => setTimeout(() => resolve('late'), ASSET_TIMEOUT_MS - 1000)), reload);
    await vi.advanceTimersByTimeAsync(ASSET_TIMEOUT_MS);
    await expect(slow).resolves.toBe('late');
    expect(reloads).toEqual([]);
  });
});
