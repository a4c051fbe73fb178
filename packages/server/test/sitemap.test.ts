import { describe, expect, it } from 'vitest';
import { dialects } from './harness.js';
import { useShellApp } from './shell-app.js';

const PUBLIC = 'https://tickets.example.org';

/**
 * /sitemap.xml lists home, the listing and the events the listing shows everyone — never
 * members-only, link-only or add-on events — and /robots.txt names it and keeps crawlers out of
 * /checkout, /my, /manage and /api (docs/search-engines.md). Both are public, ETagged reads.
 */
describe.each(dialects())('sitemap and robots.txt on %s', (dialect) => {
  const shell = useShellApp(dialect, { 'index.html': '<!doctype html><html><head><title>Tickets</title></head><body><div id="root"></div></body></html>' }, { FOYER_PUBLIC_URL: PUBLIC });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  const idsOf = async (types: string[]) => (await shell.t.db.selectFrom('event_template').select('id').where('hidden_type', 'in', types).execute()).map((r) => r.id);

  it("lists the public events' pages, absolute, and nothing members-only or link-only", async () => {
    const res = await shell.t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = locs(res.body);
    expect(listed.slice(0, 2)).toEqual([`${PUBLIC}/`, `${PUBLIC}/events`]);
    expect(listed).toContain(`${PUBLIC}/events/${shell.ga}`);
    const hidden = await idsOf(['public_member_only', 'public_link_only']);
    expect(hidden.length).toBeGreaterThan(2);
    for (const id of hidden) expect(listed).not.toContain(`${PUBLIC}/events/${id}`);
    // Exactly the browsable events that have sessions on sale (the listing's own rule).
    const browsable = await idsOf(['public_browsable']);
    expect(listed.length - 2).toBeGreaterThan(0);
    expect(listed.length - 2).toBeLessThanOrEqual(browsable.length);
  });

  it('leaves out add-ons (bought beside an admission)', async () => {
    const row = await shell.t.db.selectFrom('event_template').select(['meta']).where('id', '=', shell.ga).executeTakeFirstOrThrow();
    await shell.t.db.updateTable('event_template').set({ meta: JSON.stringify({ ...JSON.parse(row.meta), upsell: true }) }).where('id', '=', shell.ga).execute();
    try {
      shell.t.app.responseCache?.invalidate();
      expect(locs((await shell.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body)).not.toContain(`${PUBLIC}/events/${shell.ga}`);
    } finally {
      await shell.t.db.updateTable('event_template').set({ meta: row.meta }).where('id', '=', shell.ga).execute();
      shell.t.app.responseCache?.invalidate();
    }
  });

  it('is cached like other public reads: public max-age, ETag, 304', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const first = await shell.t.app.inject({ method: 'GET', url });
      expect(first.headers['cache-control'], url).toBe('public, max-age=300');
      expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['set-cookie'], url).toBeUndefined();
      const again = await shell.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('robots.txt names the sitemap and keeps crawlers out of checkout, accounts, manage links and the API', async () => {
    const res = await shell.t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(['User-agent: *', 'Disallow: /checkout', 'Disallow: /my', 'Disallow: /manage', 'Disallow: /api', '', `Sitemap: ${PUBLIC}/sitemap.xml`, ''].join('\n'));
  });
});
