import { executionAsyncId } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const ENTRY = fileURLToPath(new URL('../packages/web/dist-ssr/entry-server.mjs', import.meta.url));

/** The id of the async context a promise reaction runs in: 0 while Node tracks none (no AsyncLocalStorage enabled). */
const reactionContext = () => Promise.resolve().then(() => executionAsyncId());

/**
 * A server render leaves no AsyncLocalStorage enabled behind it (docs/performance.md#reserve): on
 * Node 20 one enabled store makes every promise of the process, the API's included, pay for it.
 * The built server entry (npm run build) renders a page in this process, then a promise reaction
 * must run in no tracked context, as it did before.
 */
describe('the server render and the rest of the process', () => {
  it('a page rendered, no async context is tracked afterwards', async () => {
    const { renderPage } = (await import(ENTRY)) as { renderPage: (url: string, blocks: Record<string, string>) => Promise<{ kind: string; body?: ReadableStream<Uint8Array> }> };
    expect(await reactionContext()).toBe(0);
    // No data blocks: the page renders its loading state (its reads, asked of no server, fail quietly).
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const page = await renderPage('/events', {});
      expect(page.kind).toBe('page');
      expect((await new Response(page.body).text()).length).toBeGreaterThan(0);
    } finally {
      quiet.mockRestore();
    }
    expect(await reactionContext()).toBe(0);
  });
});
