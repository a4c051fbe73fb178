import type { TMembershipLevel } from '@foyer/contracts';
import type { MembershipCard } from '../src/features/membership/api.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, eventDocument, EVENT_ID, installFetch, session, sessionsDocument, ticketType, type Handler } from './fixtures.js';

/** The membership event (one "membership" group selling Individual / Dual / Family) and its levels, on a fake API. */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });

export const LEVELS: TMembershipLevel[] = [
  { id: 'tt-individual', ticket_type_id: 'tt-individual', name: 'Individual', term_months: 12, allowed_period_days: 30, member_event_purchase_limit: null, roles: [{ role: 'member', min: 1, max: 1, email_required: true }] },
  {
    id: 'tt-dual',
    ticket_type_id: 'tt-dual',
    name: 'Dual',
    term_months: 12,
    allowed_period_days: 30,
    member_event_purchase_limit: null,
    roles: [
      { role: 'member', min: 1, max: 1, email_required: true },
      { role: 'second-card', min: 1, max: 1, email_required: false },
    ],
  },
  {
    id: 'tt-family',
    ticket_type_id: 'tt-family',
    name: 'Family',
    term_months: 12,
    allowed_period_days: 30,
    member_event_purchase_limit: null,
    roles: [
      { role: 'member', min: 1, max: 1, email_required: true },
      { role: 'second-card', min: 0, max: 1, email_required: false },
      { role: 'child', min: 0, max: 4, email_required: false },
    ],
  },
];

const type = (id: string, name: string, amount: string, rank: number) => ({ ...ticketType(id, name, amount, rank), summary: `${name} summary` });

/** The membership event selling the given levels (default: all three). */
export function membershipEventDocument(typeIds: string[] = ['tt-individual', 'tt-dual', 'tt-family']) {
  const doc = eventDocument({ event_type: 'flexible', name: 'Become a Member' });
  const group = doc.ticket_group!._data[0] as unknown as Record<string, unknown>;
  Object.assign(group, { handler: 'membership', max_tickets_per_order: 1, name: 'Membership levels' });
  const all = [type('tt-individual', 'Individual', '75.00', 0), type('tt-dual', 'Dual', '120.00', 1), type('tt-family', 'Family', '180.00', 2)].filter((t) => typeIds.includes(t.id));
  doc.ticket_type = list(all);
  doc.ticket_group_rule = list(all.map((t, i) => ({ id: `r-${t.id}`, ticket_group_id: 'tg-1', ticket_type_id: t.id, party_role: 'member', named: 'yes', emailed: true, min: null, max: null, _rank: i }))) as never;
  doc.message_rule = list([]);
  return doc;
}

export function card(overrides: Partial<MembershipCard> = {}): MembershipCard {
  return {
    id: 'm-1',
    scan_code: 'HM-100001',
    role: 'member',
    auto_renew_state: 'none',
    valid_from: '2026-01-10T05:00:00.000Z',
    valid_to: '2027-01-10T05:00:00.000Z',
    member_event_purchase_limit: null,
    ticket_group_id: 'tg-1',
    ticket_order_id: 'o-1',
    ticket_id: 't-1',
    ticket_type_id: 'tt-dual',
    level_name: 'Dual',
    card_set_id: 'set-1',
    identity_id: 'i1',
    user_id: 'u1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    status: 'current',
    renewal: { allowed: false, from: '2026-12-11' },
    ...overrides,
  };
}

export const USER_DOC = {
  user: list([{ id: 'u1', identity_id: 'i1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', scan_code: null }]),
  membership: list([]),
  _total: 1,
};

/** Logs a member in for the test (the session cookie the app polls). */
export function logIn() {
  document.cookie = `session_expires=${encodeURIComponent('2099-01-01T00:00:00.000Z')}; path=/`;
}

export function logOutCookie() {
  document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/** The membership event, its open session, the levels, the cart; `extra` answers first. */
export function membershipServer(options: { doc?: ReturnType<typeof membershipEventDocument>; cards?: MembershipCard[]; extra?: Handler } = {}) {
  const doc = options.doc ?? membershipEventDocument();
  return installFetch((url, request) => {
    const answer = options.extra?.(url, request);
    if (answer) return answer;
    if (url.pathname === '/api/config') return { body: configDocument() };
    // A current member's reads skip the public cache.
    if (url.pathname === `/cached_api/events/${EVENT_ID}` || url.pathname === `/api/events/${EVENT_ID}`) return { body: doc };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s-open', '2026-11-21', '00:00', -1)]) };
    // A member's reads skip the public cache (api/client.ts setViewerScoped), as the server answers both.
    if (url.pathname === '/cached_api/membership_levels' || url.pathname === '/api/membership_levels') return { body: { membership_level: list(LEVELS), _total: LEVELS.length } };
    if (url.pathname === '/api/my/user') return { body: { ...USER_DOC, membership: list(options.cards ?? []) } };
    if (url.pathname === '/api/my/membership') return { body: { membership: list(options.cards ?? []), _total: (options.cards ?? []).length } };
    if (url.pathname.startsWith('/api/my/cart') || url.pathname.startsWith('/api/cart')) return { body: cartDocument() };
    return undefined;
  });
}

/** Each test of a block: the app test environment (fixed clock, fresh cache and storage, logged out after). */
export { useAppTestEnv as useMembershipTestEnv } from './app-test-env.js';
