import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TEventSession, TEventTemplate, TTicket } from '@foyer/contracts';
import { configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';
import { ticketWhen, validity } from '../src/features/checkout/tickets-page.js';
import type { OrderTicketView } from '../src/shared/orders/orders.js';

// docs/catalog.md: event meta hide_event_details and ticket_date_time, event config image no_cropping.
function server(doc: ReturnType<typeof eventDocument>) {
  installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s1', '2026-11-21', '10:00', 20)]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    return undefined;
  });
}

useAppTestEnv();

describe('event display settings', () => {
  it('hide_event_details leaves the description block out of the event page', { timeout: 60000 }, async () => {
    server(eventDocument({ meta: { hide_event_details: true } }));
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'General Admission' }, { timeout: 40000 });
    await screen.findByRole('region', { name: 'Admission tickets' }, { timeout: 40000 });
    expect(document.querySelector('.event-description')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'About this event' })).toBeNull();
  });

  it('without it the description shows', { timeout: 60000 }, async () => {
    server(eventDocument({ meta: {} }));
    renderApp(`/events/${EVENT_ID}`);
    await waitFor(() => expect(document.querySelector('.event-description')).not.toBeNull(), { timeout: 40000 });
  });

  it('image no_cropping shows the cover whole; without it the cover fills its frame', { timeout: 60000 }, async () => {
    const doc = eventDocument({ meta: { image_cover: 'img-cover' } });
    doc.config = { _count: 1, _total: 1, _data: [configEntry('image', { no_cropping: true, alt_text: 'The harbour at dusk' }, EVENT_ID)] };
    server(doc);
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'General Admission' }, { timeout: 40000 });
    const hero = document.querySelector('.event-hero')!;
    expect(hero.classList.contains('event-hero--whole')).toBe(true);
    expect(hero.querySelector('img')!.getAttribute('alt')).toBe('The harbour at dusk');
  });
});

describe('what a ticket shows', () => {
  const ticket = { id: 't1', valid_from: '2026-11-24T15:00:00.000Z', valid_to: '2026-11-24T17:00:00.000Z', scan_code: 'X', admit_name: null } as TTicket;
  const s = { id: 's1', start_datetime: '2026-11-24T15:00:00.000Z', end_datetime: '2026-11-24T17:00:00.000Z' } as TEventSession;
  const view = (meta: Record<string, unknown>, t: Partial<TTicket> = {}): OrderTicketView => ({ ticket: { ...ticket, ...t }, type: null, event: { id: EVENT_ID, event_type: 'repeating', meta } as unknown as TEventTemplate, session: s, timezone: 'America/New_York', seat: null });

  it('ticket_date_time "date" prints the day only; otherwise day and time', () => {
    expect(ticketWhen(view({ ticket_date_time: 'date' }))).toBe('Tue, November 24 2026');
    expect(ticketWhen(view({ ticket_date_time: 'datetime' }))).toBe('Tue, November 24 2026 at 10:00 AM');
    expect(ticketWhen(view({}))).toBe('Tue, November 24 2026 at 10:00 AM');
  });

  it("a start policy or duration shows the ticket's own validity; the session's shows nothing more", () => {
    expect(validity(view({}))).toBeNull();
    expect(validity(view({}, { valid_from: '2026-12-01T05:00:00.000Z', valid_to: '2027-01-01T05:00:00.000Z' }))).toBe('Tue, December 1 2026 – Fri, January 1 2027');
  });
});
