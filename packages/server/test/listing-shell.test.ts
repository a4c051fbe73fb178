import { INLINE_LISTING_ID, LISTING_EMBED, LISTING_HIDDEN_TYPES } from '@foyer/contracts/constants';
import { describe, expect, it } from 'vitest';
import { dialects, getJson } from './harness.js';
import { useShellApp } from './shell-app.js';

const BUILT = `<!doctype html><html><head><title>Tickets</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

/**
 * The listing's HTML shell carries its unfiltered answer (GET events/available as /cached_api
 * answers it, everyone's view), so /events renders its cards without a round trip after the app
 * starts; the web seeds it (api/inline-listing.ts). No other page carries it.
 */
describe.each(dialects())("the listing's first read in its HTML shell on %s", (dialect) => {
  const shell = useShellApp(dialect, { 'index.html': BUILT });
  const blockOf = async (url: string) => {
    const res = await shell.t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const block = new RegExp(`<script id="${INLINE_LISTING_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(res.body);
    return block ? JSON.parse(block[1]!) : null;
  };

  it('is exactly what /cached_api answers the listing, filtered or not; safe inside its script element', async () => {
    const cached = (await getJson(shell.t.app, `/cached_api/events/available?_embed=${LISTING_EMBED.join(',')}&hidden_type._in=${LISTING_HIDDEN_TYPES.join(',')}`)).body;
    expect(cached.event_template._data.length).toBeGreaterThan(1);
    expect(await blockOf('/events')).toEqual(cached);
    // Under a filter it is still the unfiltered answer: the page's category choices come from it.
    expect(await blockOf('/events?category=Tours')).toEqual(cached);
    await shell.t.db.updateTable('event_template').set({ name: 'Close </script><script>alert(1)</script>' }).where('id', '=', shell.ga).execute();
    try {
      const listed = await blockOf('/events');
      expect(listed.event_template._data.map((e: { name: string }) => e.name)).toContain('Close </script><script>alert(1)</script>');
    } finally {
      await shell.t.db.updateTable('event_template').set({ name: 'General Admission' }).where('id', '=', shell.ga).execute();
    }
  });

  it("is everyone's view: the members-only events the catalog has are not in it", async () => {
    const hidden = await shell.t.db.selectFrom('event_template').select('id').where('hidden_type', 'in', ['public_member_only', 'public_link_only']).execute();
    expect(hidden.length).toBeGreaterThan(0);
    const listed = (await blockOf('/events')).event_template._data.map((e: { id: string }) => e.id);
    for (const { id } of hidden) expect(listed).not.toContain(id);
  });

  it('goes in no other page', async () => {
    for (const url of ['/', `/events/${shell.ga}`, '/eventsx', '/checkout']) expect(await blockOf(url), url).toBeNull();
  });
});
