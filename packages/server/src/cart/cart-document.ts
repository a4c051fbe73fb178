import { loadGroupTypes } from '../events/group-types.js';
import { membershipItemsOut } from '../membership/membership-items-out.js';
import { cartPromotionFields } from '../promotions/cart-promotion-fields.js';
import { fromMinor, type TCart, type TCartDocument, type TGatewayAudit, type TTicket } from '@foyer/contracts';
import { instalmentOut, instalmentStatuses } from '../payments/payment-plan.js';
import { cartAmounts, type CartAmounts } from '../payments/cart-amounts.js';
import { sellerMethodFees } from '../payments/seller-method-fees.js';
import { planOfCart, succeededPaymentsOfCart, paymentsOfCart } from '../payments/public.js';
import { cartById, gifteeAccount } from './cart.repository.js';
import { holderRegistered } from '../identity/public.js';
import { keptGiftCards } from '../payments/kept-gift-cards.js';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import { identityKind, sellerById, sessionsByIds, ticketsOfCart } from './cart-document.repository.js';
import type { CartTable, EventSessionTable, PaymentTable, TicketTable } from '../db/schema.js';
import { document } from '../http/envelope.js';
import type { QuerySpec } from '../http/query.js';
import type { TtlCache } from '../ttl-cache.js';
import type { Settings } from '../settings.js';
import { cardGatewayAccount, type CardGatewayAccount } from '../payments/card-gateway-account.js';
import { memo } from './memo.js';
import { seatsOfTickets } from '../seats/ticket-seats.js';
import { configOfResources, eventsByIds, groupsByIds, typesByIds, venuesByIds } from '../events/public.js';
import { configOut, eventOut, metaOut, sellerOut, sessionOut, ticketGroupOut, ticketTypeOut, venueOut } from '../events/serialize.js';

/** The embeds of GET my/cart/{id} (docs/cart.md#calls); dotted paths are accepted as their last segment. */
export const CART_QUERY: QuerySpec = {
  embeds: [
    'identity',
    'ticket.ticket_type',
    'ticket.ticket_group',
    'ticket.event_session',
    'ticket.event_template',
    'ticket_group.meta',
    'event_template.venue',
    'event_template.config',
    'event_template.meta',
    'scheduled_payment',
    'seller',
    'config',
    'ticket_order',
    'gateway_audit',
  ],
  params: { _all_tickets: 'boolean', key: 'string' },
  defaultLimit: 1000,
  maxLimit: 1000,
};

/** What a modify answers with: enough for the cart widget without a second call. */
export const DEFAULT_CART_EMBEDS = new Set(['ticket', 'ticket.ticket_type', 'ticket.ticket_group', 'ticket.event_session', 'ticket.event_template', 'event_template.venue']);

export function ticketOut(t: Selectable<TicketTable>): TTicket {
  return {
    id: t.id,
    cart_id: t.cart_id,
    state: t.state as TTicket['state'],
    ticket_order_id: t.ticket_order_id,
    ticket_type_id: t.ticket_type_id,
    ticket_group_id: t.ticket_group_id,
    event_template_id: t.event_template_id,
    event_session_id: t.event_session_id,
    handler: t.handler,
    valid_from: t.valid_from,
    valid_to: t.valid_to,
    face_value: fromMinor(t.face_value),
    adjusted_value: fromMinor(t.adjusted_value),
    fee_fixed_outside: fromMinor(t.fee_fixed_outside),
    fee_percent_outside: fromMinor(t.fee_percent_outside),
    admit_name: t.admit_name,
    admit_email: t.admit_email,
    scan_code: t.scan_code,
    ...(t.seat_id ? { seat_id: t.seat_id } : {}),
  };
}

export function cartOut(cart: Selectable<CartTable>, amounts: CartAmounts, now: Date, tickets: readonly Selectable<TicketTable>[] = [], card: CardGatewayAccount = { gateway_id: 'demo', account_id: null }): TCart {
  const promo = cartPromotionFields(cart.cartmods, tickets);
  const expiresIn = cart.expires_at === null ? null : Math.max(0, Math.floor((Date.parse(cart.expires_at) - now.getTime()) / 1000));
  return {
    id: cart.id,
    cart_number: cart.cart_number,
    seller_id: cart.seller_id,
    state: (cart.state === 'pending' && expiresIn === 0 ? 'expired' : cart.state) as TCart['state'],
    expires_at: cart.expires_at,
    expires_in: expiresIn,
    identity_id: cart.identity_id,
    ticket_order_id: cart.ticket_order_id,
    campaign: cart.campaign ? (JSON.parse(cart.campaign) as TCart['campaign']) : null,
    additional_info: JSON.parse(cart.additional_info) as TCart['additional_info'],
    cart_fees: {
      // docs/payments.md: the gateway (and its account) the outstanding balance is paid through.
      gateway_id: amounts.outstanding > 0 ? card.gateway_id : 'free',
      account_id: amounts.outstanding > 0 ? card.account_id : null,
      face_value: fromMinor(tickets.reduce((sum, t) => sum + (t.state === 'cancelled' ? 0 : t.face_value), 0)),
      total_before_cartmod_price: fromMinor(amounts.tickets + promo.discount),
      total_fee_fixed_outside: fromMinor(amounts.feeFixed),
      total_fee_percent_outside: fromMinor(amounts.feePercent),
      total_cartmod_amount: fromMinor(promo.discount),
      total_payments: fromMinor(amounts.paid),
      total_outstanding: fromMinor(amounts.outstanding),
      total_payment_method_fees: fromMinor(cart.method_fee),
    },
    ...promo.wire,
    ...(cart.edits_order_id ? { edits_order_id: cart.edits_order_id, credit: fromMinor(cart.credit) } : {}),
  };
}

const has = (embed: Set<string>, name: string) => [...embed].some((e) => e === name || e.endsWith(`.${name}`) || e.startsWith(`${name}.`));

/** A cart row with the tickets it shows, when the caller has them in hand (a modify just wrote them). */
export interface LoadedCart {
  cart: Selectable<CartTable>;
  tickets: Selectable<TicketTable>[];
  /** Sessions read in the same transaction, when the caller has them. */
  sessions?: Selectable<EventSessionTable>[];
}

async function loadCart(db: Tx, cartId: string): Promise<LoadedCart> {
  const cart = await cartById(db, cartId);
  if (!cart) throw new Error(`cart ${cartId} not found`);
  // (a cart in checkout still shows its held tickets)
  const visibleStates = cart.state === 'booked' ? ['booked', 'redeemed'] : ['held'];
  const tickets = await ticketsOfCart(db, cart.id, visibleStates);
  return { cart, tickets };
}

/** What the cart document reads from the app: the catalog memo and the card gateway's settings. */
export interface CartDocumentContext {
  cache?: TtlCache;
  settings?: Pick<Settings, 'stripe'>;
}

/** The cart as a relational document with the requested embeds. */
export async function cartDocument(db: Tx, from: string | LoadedCart, embed: Set<string>, now: Date, ctx: CartDocumentContext = {}): Promise<TCartDocument> {
  const cache = ctx.cache;
  const cached = <T>(kind: string, list: string[], load: () => Promise<T>) => memo(cache, `${kind}:${[...list].sort().join(',')}`, load);
  const { cart, tickets, sessions: inHand = [] } = typeof from === 'string' ? await loadCart(db, from) : from;
  const siblings: Record<string, unknown[]> = {};
  siblings.ticket = tickets.map(ticketOut);
  const ids = (f: (t: Selectable<TicketTable>) => string | null) => [...new Set(tickets.map(f).filter((x): x is string => !!x))];
  if (has(embed, 'ticket_type')) siblings.ticket_type = (await cached('types', ids((t) => t.ticket_type_id), () => typesByIds(db, ids((t) => t.ticket_type_id)))).map(ticketTypeOut);
  const groupIds = ids((t) => t.ticket_group_id);
  if (has(embed, 'ticket_group') && groupIds.length) {
    const groups = await cached('groupRows', groupIds, () => groupsByIds(db, groupIds));
    const groupTypes = await cached('groupTypes', groupIds, () => loadGroupTypes(db, groupIds));
    siblings.ticket_group = groups.map((g) => ticketGroupOut(g, 0, null, groupTypes.get(g.id)));
    if (embed.has('ticket_group.meta')) siblings.meta = groups.map((g) => metaOut(g.id, g.meta));
  }
  const eventIds = ids((t) => t.event_template_id);
  const events = has(embed, 'event_template') && eventIds.length ? await cached('events', eventIds, () => eventsByIds(db, eventIds)) : [];
  const venueIds = [...new Set(events.map((e) => e.venue_id))];
  const venues = events.length ? await cached('venues', venueIds, () => venuesByIds(db, venueIds)) : [];
  const venueById = new Map(venues.map((v) => [v.id, v]));
  if (events.length) siblings.event_template = events.map((e) => eventOut(e, null, venueById.get(e.venue_id)));
  if (embed.has('event_template.venue')) siblings.venue = venues.map(venueOut);
  if (embed.has('event_template.meta')) siblings.meta = [...(Object.hasOwn(siblings, 'meta') ? siblings.meta : []), ...events.map((e) => metaOut(e.id, e.meta))];
  if (embed.has('event_template.config') || embed.has('config')) siblings.config = (await configOfResources(db, cart.seller_id, eventIds)).map(configOut);
  const sessionIds = ids((t) => t.event_session_id);
  if (has(embed, 'event_session') && sessionIds.length) {
    // Sessions are read fresh (their used capacity moves), unless the caller just updated them.
    const sessions = sessionIds.every((id) => inHand.some((s) => s.id === id))
      ? inHand.filter((s) => sessionIds.includes(s.id))
      : await sessionsByIds(db, sessionIds);
    const tzOfEvent = new Map(events.map((e) => [e.id, venueById.get(e.venue_id)?.timezone ?? 'UTC']));
    siblings.event_session = sessions.map((s) => sessionOut(s, tzOfEvent.get(s.event_template_id) ?? 'UTC', cart.seller_id));
  }
  if (embed.has('seller')) siblings.seller = [sellerOut(await sellerById(db, cart.seller_id))];
  if (embed.has('identity')) {
    // docs/accounts.md#web-screens: a guest sees the login and register links only while the cart is owned by a public identity.
    const owner = await identityKind(db, cart.identity_id);
    siblings.identity = [{ id: cart.identity_id, ownedByPublicIdentity: owner?.kind === 'public' }];
  }
  const seats = await seatsOfTickets(db, tickets);
  if (seats.length) siblings.seat = seats;
  // Membership tickets: the members they will create, or the membership they renew.
  if (tickets.some((t) => t.handler === 'membership')) siblings.membership_item = await membershipItemsOut(db, tickets);
  // A plan only on staff-created carts, so an ordinary cart costs no extra query.
  const plan = cart.injected ? await planOfCart(db, cart.id) : [];
  const amounts = cartAmounts(cart, tickets, plan, now, await sellerMethodFees(db, cart.seller_id));
  // docs/cart.md#data: every payment attempt on the cart, whatever its outcome (docs/payments.md).
  if (embed.has('gateway_audit')) siblings.gateway_audit = (await paymentsOfCart(db, cart.id)).map(gatewayAuditOut);
  if (embed.has('scheduled_payment')) siblings.scheduled_payment = instalmentStatuses(plan, cart.paid, now).map((p) => instalmentOut(p, fromMinor));
  return document('cart', [{ ...cartOut(cart, amounts, now, tickets, cardGatewayAccount(ctx.settings)), ...(await paymentFields(db, cart, amounts)) }], 1, siblings) as TCartDocument;
}

function gatewayAuditOut(p: Selectable<PaymentTable>): TGatewayAudit {
  return { id: p.id, cart_id: p.cart_id, ticket_order_id: p.ticket_order_id, gateway_id: p.gateway_id, amount: fromMinor(p.amount), status: p.status, error_code: p.error_code, created_at: p.created_at };
}

/**
 * docs/payments.md#partial-payments-and-payment-links: injected, paymentDue, outstandingBalance, completedPayments, giftee. Payments are read
 * only once paid into and the giftee once named, so an ordinary cart costs no extra query.
 */
async function paymentFields(db: Tx, cart: Selectable<CartTable>, amounts: CartAmounts): Promise<Partial<TCart>> {
  const payments = cart.paid > 0 ? await succeededPaymentsOfCart(db, cart.id) : [];
  const giftee = cart.giftee_identity_id ? await gifteeAccount(db, cart.giftee_identity_id) : undefined;
  // An account named by typing its e-mail (POST user's 409) is never read back by name: only one this cart's owner registered (docs/architecture.md, identity ids).
  const named = giftee ? await holderRegistered(db, cart.identity_id, giftee.identity_id) : false;
  return {
    injected: cart.injected === 1,
    paymentDue: fromMinor(amounts.due),
    outstandingBalance: fromMinor(amounts.outstanding),
    paymentDueByCreditCard: fromMinor(amounts.dueByCard),
    stripeFee: amounts.methodFees.map((f) => ({ pmc_id: f.pmc_id, payment_method: f.payment_method, amount: fromMinor(f.fee), total: fromMinor(amounts.due + f.fee) })),
    completedPayments: payments.map((p) => ({ id: p.id, occurredDate: p.created_at, amount: fromMinor(p.amount), status: p.status })),
    giftCards: await keptGiftCards(db, cart),
    giftee: giftee ? { id: giftee.identity_id, name: named ? `${giftee.first_name} ${giftee.last_name}`.trim() : '', email: giftee.email } : null,
  };
}
