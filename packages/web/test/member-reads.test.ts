import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../src/api/client.js';
import { rescopeViewerReads } from '../src/features/membership/member-reads.js';

/** A listing read that answers, when released, with the scope it was asked under. */
function scopedReads() {
  const releases: (() => void)[] = [];
  const queryFn = () => {
    const askedAs = api.isViewerScoped() ? 'member' : 'public';
    return new Promise<string>((resolve) => releases.push(() => resolve(askedAs)));
  };
  return { queryFn, pending: () => releases.length, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe('member-scoped catalogue reads', () => {
  afterEach(() => api.setViewerScoped(false));

  it('a listing read still under way when a member is recognised is asked again as the member', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const reads = scopedReads();
    const observer = new QueryObserver(client, { queryKey: ['events', 'listing'], queryFn: reads.queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching'); // the public read is out

    const rescoped = rescopeViewerReads(client, true);
    reads.releaseAll(); // the public answer arrives after the switch
    await expect.poll(() => reads.pending()).toBe(1); // asked again
    reads.releaseAll();
    await rescoped;
    expect(observer.getCurrentResult().data).toBe('member');
    unsubscribe();
    client.clear();
  });

  it('reads that are not the viewer’s (configuration) are left alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: ['config'], queryFn: () => Promise.resolve(++asked) });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().data).toBe(1);
    await rescopeViewerReads(client, true);
    expect(asked).toBe(1);
    unsubscribe();
    client.clear();
  });
});
