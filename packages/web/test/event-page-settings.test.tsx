import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TDocument } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { calendarDocument, configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument, ticketGroup, ticketType, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';

/**
 * Settings of the event page that worked untested (issue 29 row 9): the `tg` ticket-group filter
 * and link-only groups, `web.hide_sold_out_sessions`, the configured low-availability threshold
 * (`web.show_remaining_session_capacity_threshold`, the event's over the seller's) and the cover's
 * alt text from the event's `image` config.
 */

/** The fixture event plus a link-only group of its own ('tg-2', School visit). */
function withLinkOnlyGroup(): TDocument {
  const doc = eventDocument();
  const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
  const groups = [...doc.ticket_group!._data, ticketGroup({ id: 'tg-2', name: 'School visits', hidden_type: 'public_link_only', _rank: 1 })];
  doc.ticket_group = list(groups);
  doc.ticket_type = list([...doc.ticket_type!._data, ticketType('tt-pupil', 'Pupil', '5.00', 2)]);
  doc.ticket_group_rule = list([
    ...doc.ticket_group_rule!._data,
    { id: 'r3', ticket_group_id: 'tg-2', ticket_type_id: 'tt-pupil', party_role: null, named: 'no', emailed: false, min: null, max: null, _rank: 0 },
  ]);
  return doc;
}

function server(options: { doc?: TDocument; sellerConfig?: ReturnType<typeof configEntry>[] } = {}): Handler {
  return (url) => {
    if (url.pathname === '/api/config') return { body: configDocument(options.sellerConfig ?? []) };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: options.doc ?? eventDocument() };
    if (url.pathname === `/cached_api/events/${EVENT_ID}/calendar`) return { body: calendarDocument('2026-11-21', 12) };
    if (url.pathname === `/cached_api/events/${EVENT_ID}/sessions`) {
      const date = url.searchParams.get('_ondate') ?? '2026-11-21';
      const all = [session('s1', date, '10:30', 0), session('s2', date, '11:00', 4), session('s3', date, '11:30', 7), session('s4', date, '11:45', 40)];
      return { body: sessionsDocument(url.searchParams.get('sold_out') === 'F' ? all.filter((s) => !s.sold_out) : all) };
    }
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    return undefined;
  };
}

const eventConfig = (name: string, value: unknown) => ({ ...configEntry(name, value, EVENT_ID), id: `event-cfg-${name}` });

function withEventConfig(...entries: ReturnType<typeof configEntry>[]): TDocument {
  const doc = eventDocument();
  doc.config = { _count: entries.length, _total: entries.length, _data: entries };
  return doc;
}

/** The times of the first tab of today, as the picker shows them. */
async function todaysTimes(): Promise<string[]> {
  fireEvent.click(within(await screen.findByRole('list', { name: 'Available dates' }, { timeout: 15000 })).getAllByRole('button')[0]);
  const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
  const morning = screen.getByRole('list', { name: `${within(tablist).getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!.textContent} times` });
  return within(morning).getAllByRole('button').map((b) => b.textContent);
}

useAppTestEnv();

describe('the event page’s settings', () => {
  it('link-only groups are left out unless the address names them with tg', async () => {
    installFetch(server({ doc: withLinkOnlyGroup() }));
    renderApp(`/events/${EVENT_ID}`);
    expect(await screen.findByRole('region', { name: 'Admission tickets' }, { timeout: 15000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'School visits' })).toBeNull();
    expect(screen.queryByText('Pupil')).toBeNull();
  });

  it('with ?tg= a link-only group is offered, alone', async () => {
    installFetch(server({ doc: withLinkOnlyGroup() }));
    renderApp(`/events/${EVENT_ID}?tg=tg-2`);
    expect(await screen.findByRole('region', { name: 'School visits' }, { timeout: 15000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Admission tickets' })).toBeNull();
  });

  it('web.hide_sold_out_sessions asks for sessions with room only, and sold-out times are not shown', async () => {
    const { requests } = installFetch(server({ doc: withEventConfig(eventConfig('hide_sold_out_sessions', true)) }));
    renderApp(`/events/${EVENT_ID}`);
    const times = await todaysTimes();
    expect(times.some((t) => t.includes('Sold out'))).toBe(false);
    expect(times[0]).toMatch(/^11:00 AM/);
    // The day's sessions, as the picker asks for them.
    const asked = requests.filter((u) => u.pathname.endsWith('/sessions') && u.searchParams.get('_ondate') === '2026-11-21');
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url.searchParams.get('sold_out')).toBe('F');
  });

  it('without it, sold-out times show as sold out and the day’s every session is asked for', async () => {
    const { requests } = installFetch(server());
    renderApp(`/events/${EVENT_ID}`);
    const times = await todaysTimes();
    expect(times[0]).toBe('10:30 AMSold out');
    const asked = requests.filter((u) => u.pathname.endsWith('/sessions') && u.searchParams.get('_ondate') === '2026-11-21');
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url.searchParams.has('sold_out')).toBe(false);
  });

  const threshold = 'show_remaining_session_capacity_threshold';
  const thresholdCases: [string, () => TDocument, ReturnType<typeof configEntry>[], string[]][] = [
    ['the default 10', () => eventDocument(), [], ['11:00 AM4 available', '11:30 AM7 available']],
    ['the seller’s setting (5)', () => eventDocument(), [configEntry(threshold, 5)], ['11:00 AM4 available', '11:30 AMAvailable']],
    ['the event’s (3) over the seller’s (50)', () => withEventConfig(eventConfig(threshold, 3)), [configEntry(threshold, 50)], ['11:00 AMAvailable', '11:30 AMAvailable']],
  ];
  for (const [label, doc, sellerConfig, expected] of thresholdCases) {
    it(`'n available' under the low-availability threshold: ${label}`, async () => {
      installFetch(server({ doc: doc(), sellerConfig }));
      renderApp(`/events/${EVENT_ID}`);
      expect((await todaysTimes()).slice(1, 3)).toEqual(expected);
    });
  }

  it('the cover’s alt text comes from the event’s image config', async () => {
    const doc = withEventConfig(eventConfig('image', { alt_text: 'Visitors in the great hall' }));
    doc.event_template!._data[0].meta = { image_cover: 'img-cover' };
    doc.image = { _count: 1, _total: 1, _data: [{ id: 'img-cover', content_type: 'image/jpeg', width: 1500, height: 571, alt_text: 'Stored alt' }] };
    installFetch(server({ doc }));
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'General Admission' }, { timeout: 15000 });
    await waitFor(() => expect(document.querySelector('.event-hero img')?.getAttribute('alt')).toBe('Visitors in the great hall'));
  });

  it('without the config, the image’s own alt text', async () => {
    const doc = eventDocument({ meta: { image_cover: 'img-cover' } });
    doc.image = { _count: 1, _total: 1, _data: [{ id: 'img-cover', content_type: 'image/jpeg', width: 1500, height: 571, alt_text: 'Stored alt' }] };
    installFetch(server({ doc }));
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'General Admission' }, { timeout: 15000 });
    await waitFor(() => expect(document.querySelector('.event-hero img')?.getAttribute('alt')).toBe('Stored alt'));
  });
});
