import { INLINE_LISTING_ID, LISTING_EAGER_CARDS, LISTING_EMBED, LISTING_HIDDEN_TYPES } from '@foyer/contracts/constants';
import { cardImage, cardImageId, isAddOnMeta } from '@foyer/contracts/rules';
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
    return block ? JSON.parse(block[1]) : null;
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

  it("preloads the images of the first cards the page loads at once (add-ons and image-less events skipped); a filtered listing, none", async () => {
    const preloads = async (url: string) =>
      [...(await shell.t.app.inject({ method: 'GET', url })).body.matchAll(/<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)">/g)].map(([, href, srcset]) => ({
        href: href.replace(/&amp;/g, '&'),
        srcset: srcset.replace(/&amp;/g, '&'),
      }));
    const listed = (await blockOf('/events')).event_template._data as { name: string; meta: Record<string, unknown> }[];
    const shown = listed.filter((e) => !isAddOnMeta(e.meta));
    const expected = shown.slice(0, LISTING_EAGER_CARDS).flatMap((e) => {
      const id = cardImageId(e.meta);
      return id ? [{ href: cardImage(id).src, srcset: cardImage(id).srcSet }] : [];
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(await preloads('/events')).toEqual(expected);
    expect(await preloads('/events?category=Tours')).toEqual([]);
    // The first card without an image: its place is not taken by the next one's.
    const first = await shell.t.db.selectFrom('event_template').select(['id', 'meta']).where('name', '=', shown[0].name).executeTakeFirstOrThrow();
    const meta = JSON.parse(first.meta) as Record<string, unknown>;
    await shell.t.db.updateTable('event_template').set({ meta: JSON.stringify({ ...meta, image_profile: null, image_cover: null }) }).where('id', '=', first.id).execute();
    try {
      expect(await preloads('/events')).toEqual(expected.slice(cardImageId(shown[0].meta) ? 1 : 0));
    } finally {
      await shell.t.db.updateTable('event_template').set({ meta: first.meta }).where('id', '=', first.id).execute();
    }
  });

  it('goes in no other page', async () => {
    for (const url of ['/', `/events/${shell.ga}`, '/eventsx', '/checkout']) expect(await blockOf(url), url).toBeNull();
  });
});
