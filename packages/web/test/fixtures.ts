import { INCUMBENT_EVENT_FIELDS } from '@foyer/contracts';
import type { TCalendarDay, TConfigEntry, TDocument, TEventSession, TEventTemplate, TListedEvent, TTicketGroup } from '@foyer/contracts';
import { vi } from 'vitest';

/** Relational-document fixtures and a fake fetch at the network boundary for component tests. */

export const SELLER_ID = 'seller-1';
export const EVENT_ID = 'event-ga';

const list = <T>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });

/** A public admission ticket group ('tg-1'), changed by `overrides`. */
export function ticketGroup(overrides: Partial<TTicketGroup> = {}): TTicketGroup {
  return {
    id: 'tg-1',
    event_template_id: EVENT_ID,
    name: 'Admission tickets',
    description: null,
    handler: 'tickets',
    hidden_type: 'public_browsable',
    min_tickets_per_order: null,
    max_tickets_per_order: 20,
    capacity: -1,
    oversell_capacity: 0,
    used_capacity: 0,
    exclude_from_event_capacity: false,
    sold_out: false,
    color: null,
    start_policy: null,
    start_policy_date: null,
    duration_new: null,
    additional_info_spec: null,
    sales_start: null,
    sales_end: null,
    meta: {},
    price: null,
    originalPrice: null,
    types: [],
    summary: null,
    _rank: 0,
    ...overrides,
  };
}

export function configEntry(name: string, value: unknown, resourceId = SELLER_ID): TConfigEntry {
  return { id: `cfg-${name}`, resource_id: resourceId, namespace: 'web', name, value };
}

export function configDocument(entries: TConfigEntry[] = []): TDocument {
  return {
    config: list(entries),
    seller: list([{ id: SELLER_ID, name: 'Harbour Museum', timezone: 'America/New_York', currency: 'USD', meta: {} }]),
  };
}

/** Incumbent-API fields every session carries, for a session in New York (UTC-5 in November). */
export function incumbentSessionFields(start: string, end: string, usedCapacity: number) {
  const local = (iso: string) => `${new Date(Date.parse(iso) - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
  return {
    start_datetime_local: local(start),
    end_datetime_local: local(end),
    seller_id: SELLER_ID,
    sold_quantity: usedCapacity,
    oversold_out: false,
    redeemed_count: 0,
    largest_stage: null,
    portal_id: null,
  };
}

export function eventTemplate(overrides: Partial<TListedEvent> & { id: string; name: string }): TListedEvent {
  return {
    seller_id: SELLER_ID,
    venue_id: 'venue-1',
    subtitle: null,
    summary: `${overrides.name} summary`,
    description: null,
    category: null,
    event_type: 'repeating',
    hidden_type: 'public_browsable',
    meta: {},
    _rank: 0,
    min_price: '12.00',
    ...INCUMBENT_EVENT_FIELDS,
    venue: null,
    ...overrides,
  };
}

export function listingDocument(events: ReturnType<typeof eventTemplate>[]): TDocument {
  return { event_template: list(events), venue: list([]), image: list([]) };
}

export function eventDocument(overrides: Partial<TEventTemplate> = {}): TDocument {
  return {
    event_template: list([
      eventTemplate({
        id: EVENT_ID,
        name: 'General Admission',
        subtitle: 'Timed entry',
        description: '<p>Welcome <strong>in</strong><script>window.hacked = true</script><img src=x onerror="window.hacked=true"></p>',
        category: 'Admission',
        ...overrides,
      }),
    ]),
    venue: list([{ id: 'venue-1', seller_id: SELLER_ID, name: 'Main Building', timezone: 'America/New_York', address: null }]),
    ticket_group: list([
      ticketGroup({ event_template_id: EVENT_ID, price: '0.00' }),
    ]),
    ticket_type: list([
      ticketType('tt-adult', 'Adult', '25.00', 0),
      ticketType('tt-child', 'Child', '0.00', 1),
    ]),
    ticket_group_rule: list([
      { id: 'r1', ticket_group_id: 'tg-1', ticket_type_id: 'tt-adult', party_role: null, named: 'no', emailed: false, min: null, max: null, _rank: 0 },
      { id: 'r2', ticket_group_id: 'tg-1', ticket_type_id: 'tt-child', party_role: null, named: 'no', emailed: false, min: null, max: null, _rank: 1 },
    ]),
    message_rule: list([
      {
        id: 'mr-1',
        event_template_id: EVENT_ID,
        _rank: 0,
        actions: [{ type: 'date_annotation', text: 'Late opening' }],
        triggers: [{ kind: 'date_or_session', weekdays: [4] }],
      },
    ]),
    config: list([]),
    image: list([]),
  };
}

export function ticketType(id: string, name: string, amount: string, rank: number) {
  return {
    id,
    name,
    summary: null,
    description: null,
    currency_amount: amount,
    currency_amount_min: null,
    currency_amount_max: null,
    discounted_amount: null,
    fee_fixed_outside: null,
    fee_percent_outside: null,
    _rank: rank,
  };
}

/** `count` consecutive days from `first`, the fifth one sold out. */
export function calendarDocument(first: string, count: number): TDocument {
  const days: TCalendarDay[] = [];
  const start = new Date(`${first}T12:00:00Z`);
  for (let i = 0; i < count; i++) {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    days.push({
      date,
      status: i === 4 ? 'sold_out' : 'available',
      min_price: '25.00',
      availability: { capacity: 100, used_capacity: i === 4 ? 100 : i === 1 ? 95 : 10 },
      pricePrefix: 'From',
    });
  }
  return { calendar: list(days) };
}

export function session(id: string, date: string, startTime: string, availableCapacity: number): TEventSession {
  // America/New_York in November is UTC-5.
  const [h, m] = startTime.split(':').map(Number);
  const start = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), h + 5, m));
  const end = new Date(start.getTime() + 30 * 60_000).toISOString();
  const used = 60 - Math.max(0, availableCapacity);
  return {
    id,
    event_template_id: EVENT_ID,
    start_datetime: start.toISOString(),
    end_datetime: end,
    startTime,
    endTime: startTime,
    capacity: 60,
    oversell_capacity: 0,
    used_capacity: used,
    sold_out: availableCapacity === 0,
    availableCapacity,
    ...incumbentSessionFields(start.toISOString(), end, used),
    oversold_out: availableCapacity === 0,
  };
}

export function sessionsDocument(sessions: TEventSession[]): TDocument {
  return { event_session: list(sessions) };
}

export interface RequestInfo {
  method: string;
  body: unknown;
}

/** The text a request sent: the storefront sends JSON as a string; '' when it sent no body. */
export function sentText(init?: RequestInit | null): string {
  return typeof init?.body === 'string' ? init.body : '';
}

/**
 * Stubs window.location with a copy whose given members are replaced (e.g. `assign`, to see where the page goes).
 * The spread is whole: jsdom keeps Location's members on the instance, not its prototype.
 */
export function stubLocation(overrides: Partial<Location>) {
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- jsdom's Location members are own properties, so the copy keeps them
  vi.stubGlobal('location', { ...window.location, ...overrides });
}

export type Handler = (url: URL, request: RequestInfo) => { status?: number; body: unknown } | undefined;

/** Installs a fake fetch that answers by path; every request URL is recorded. */
export function installFetch(handler: Handler) {
  const requests: URL[] = [];
  const calls: (RequestInfo & { url: URL })[] = [];
  const fetch = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url);
    const request: RequestInfo = { method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push({ url, ...request });
    const answer = handler(url, request);
    if (!answer) {
      return Promise.resolve(new Response(JSON.stringify({ _data: [{ _code: 'not_found', _context: null, _description: 'Not found', _extra: null }] }), { status: 404 }));
    }
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests, calls };
}
