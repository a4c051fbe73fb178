import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryClient, withQueryClient } from '../src/ssr/query-client.server.js';

/**
 * Each server render reads its own cache (docs/server-rendering.md); the storage behind it is
 * switched off between renders (docs/performance.md#what-one-reservation-costs), never under one in flight.
 */
describe('the server render query client', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('overlapping renders each see their own cache, also after the other finished; none outside a render', async () => {
    const a = new QueryClient();
    const b = new QueryClient();
    a.setQueryData(['who'], 'a');
    b.setQueryData(['who'], 'b');
    let finishA!: () => void;
    const aDone = new Promise<void>((resolve) => (finishA = resolve));
    const seen: unknown[] = [];
    const renderA = withQueryClient(a, async () => {
      await aDone;
      seen.push(queryClient.getQueryData(['who']));
    });
    const renderB = withQueryClient(b, async () => {
      await tick();
      seen.push(queryClient.getQueryData(['who']));
      finishA();
      await renderA;
      // A is over (the storage could be switched off then): B still reads its own cache.
      await tick();
      seen.push(queryClient.getQueryData(['who']));
    });
    await Promise.all([renderA, renderB]);
    expect(seen).toEqual(['b', 'a', 'b']);
    expect(() => queryClient.getQueryData(['who'])).toThrow('outside a server render');
    // The next render turns it on again.
    expect(await withQueryClient(a, async () => (await tick(), queryClient.getQueryData(['who'])))).toBe('a');
  });
});
