import { INLINE_EVENT_ID, flexibleOptionFilters, wholeHour } from '@foyer/contracts/constants';
import { describe, expect, it } from 'vitest';
import { dialects, getJson, NOW } from './harness.js';
import { useShellApp } from './shell-app.js';

const BLOCK = new RegExp(`<script id="${INLINE_EVENT_ID}" type="application/json">(.*?)</script>`, 's');

/**
 * The event page's data block (events/event-page-reads.ts) holds the reads the page starts with,
 * each exactly as the API answers it, so the page (and a hydrating one) asks none of them again:
 * GET events/{id}, its calendar and the flexible any-date option's read for the current hour.
 */
describe.each(dialects())("the event page's data block on %s", (dialect) => {
  const shell = useShellApp(dialect, { 'index.html': '<!doctype html><html><head><title>Tickets</title></head><body></body></html>' });

  it("carries the flexible option's read for this whole hour, as /cached_api answers it", async () => {
    const res = await shell.t.app.inject({ method: 'GET', url: `/events/${shell.ga}` });
    expect(res.statusCode).toBe(200);
    const block = JSON.parse(BLOCK.exec(res.body)![1].replace(/\\u003c/g, '<')) as { flexible: { hour: number; sessions: unknown } };
    expect(block.flexible.hour).toBe(wholeHour(NOW.getTime()));
    const query = new URLSearchParams({ ...flexibleOptionFilters(block.flexible.hour), _limit: '1' });
    const api = await getJson(shell.t.app, `/cached_api/events/${shell.ga}/sessions?${query}`);
    expect(block.flexible.sessions).toEqual(api.body);
  });
});
