import { describe, expect, it } from 'vitest';
import { eventPagePathId, isEventPagePath } from '../src/rules/event-page-path.js';

/** One rule for the server's painted shell and the app's hand-over: events/:id and events/:id/:action only. */
describe('event page paths', () => {
  it('names the event of events/:id and events/:id/:action', () => {
    expect(eventPagePathId('/events/abc')).toBe('abc');
    expect(eventPagePathId('/events/abc/tickets')).toBe('abc');
    expect(eventPagePathId('/events/a%20b/')).toBe('a%20b');
  });

  it('is no event page for the listing, deeper paths or other pages', () => {
    for (const path of ['/events', '/events/', '/events/abc/tickets/more', '/checkout', '/', '/my/events/abc']) {
      expect(isEventPagePath(path), path).toBe(false);
    }
  });
});
