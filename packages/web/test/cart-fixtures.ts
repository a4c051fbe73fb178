import type { TCart, TEventSession, TEventTemplate, TTicket, TTicketGroup, TTicketType } from '@foyer/contracts';
import type { TCartDocument } from '@foyer/contracts';
import { INCUMBENT_EVENT_FIELDS } from '@foyer/contracts';
import { incumbentSessionFields, ticketGroup } from './fixtures.js';

/** Cart documents as POST my/cart/modify and GET my/cart/{id} return them. */
const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });

export function cart(overrides: Partial<TCart> = {}): TCart {
  return {
    id: 'cart-1',
    cart_number: '100001',
    seller_id: 'seller-1',
    state: 'pending',
    expires_at: '2026-11-21T15:30:00.000Z',
    expires_in: 1800,
    identity_id: 'identity-1',
    ticket_order_id: null,
    campaign: null,
    additional_info: [],
    cart_fees: {
      gateway_id: 'demo',
      account_id: null,
      face_value: '62.00',
      total_before_cartmod_price: '62.00',
      total_fee_fixed_outside: '0.00',
      total_fee_percent_outside: '0.00',
      total_cartmod_amount: '0.00',
      total_payments: '0.00',
      total_outstanding: '62.00',
    },
    ...overrides,
  };
}

let n = 0;
export function ticket(overrides: Partial<TTicket> & { ticket_type_id: string }): TTicket {
  n += 1;
  // Asserted: the ticket shape grows with later issues (e.g. scan codes at checkout).
  return ({
    id: `t${n}`,
    cart_id: 'cart-1',
    state: 'held',
    ticket_order_id: null,
    ticket_group_id: 'tg-1',
    event_template_id: 'event-ga',
    event_session_id: 's3',
    handler: 'tickets',
    valid_from: null,
    valid_to: null,
    face_value: '25.00',
    adjusted_value: '25.00',
    fee_fixed_outside: '0.00',
    fee_percent_outside: '0.00',
    admit_name: null,
    admit_email: null,
    scan_code: null,
    ...overrides,
  });
}

export function cartDocument(options: {
  cart?: Partial<TCart>;
  tickets?: TTicket[];
  events?: Partial<TEventTemplate>[];
  groups?: Partial<TTicketGroup>[];
  types?: Partial<TTicketType>[];
  sessions?: Partial<TEventSession>[];
} = {}): TCartDocument {
  const tickets = options.tickets ?? [
    ticket({ ticket_type_id: 'tt-adult' }),
    ticket({ ticket_type_id: 'tt-adult' }),
    ticket({ ticket_type_id: 'tt-child', face_value: '12.00', adjusted_value: '12.00' }),
  ];
  const event = (e: Partial<TEventTemplate>): TEventTemplate => ({
    id: 'event-ga',
    seller_id: 'seller-1',
    venue_id: 'venue-1',
    name: 'General Admission',
    subtitle: null,
    summary: null,
    description: null,
    category: null,
    event_type: 'repeating',
    hidden_type: 'public_browsable',
    ...INCUMBENT_EVENT_FIELDS,
    meta: {},
    _rank: 0,
    min_price: null,
    venue: { name: 'Main Building', timezone: 'America/New_York' },
    ...e,
  });
  const type = (t: Partial<TTicketType>): TTicketType => ({
    id: 'tt-adult',
    name: 'Adult',
    summary: null,
    description: null,
    currency_amount: '25.00',
    currency_amount_min: null,
    currency_amount_max: null,
    discounted_amount: null,
    fee_fixed_outside: null,
    fee_percent_outside: null,
    _rank: 0,
    ...t,
  });
  const session = (s: Partial<TEventSession>): TEventSession => ({
    id: 's3',
    event_template_id: 'event-ga',
    start_datetime: '2026-11-21T18:00:00.000Z',
    end_datetime: '2026-11-21T18:30:00.000Z',
    startTime: '13:00',
    endTime: '13:30',
    capacity: 60,
    oversell_capacity: 0,
    used_capacity: 3,
    sold_out: false,
    availableCapacity: 57,
    ...incumbentSessionFields('2026-11-21T18:00:00.000Z', '2026-11-21T18:30:00.000Z', 3),
    ...s,
  });
  return {
    cart: list([cart(options.cart)]),
    ticket: list(tickets),
    ticket_type: list((options.types ?? [{}, { id: 'tt-child', name: 'Child', currency_amount: '12.00' }]).map(type)),
    ticket_group: list((options.groups ?? [{}]).map((g) => ticketGroup(g))),
    event_template: list((options.events ?? [{}]).map(event)),
    event_session: list((options.sessions ?? [{}]).map(session)),
    venue: list([{ id: 'venue-1', seller_id: 'seller-1', name: 'Main Building', timezone: 'America/New_York', address: null }]),
    _total: 1,
  };
}
