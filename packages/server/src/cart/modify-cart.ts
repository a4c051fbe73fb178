import type { TCartModify, TReserveTicket } from '@foyer/contracts';
import { percentFee } from '@foyer/contracts/rules';
import type { Selectable } from 'kysely';
import { uuidv7 } from '../ids.js';
import type { Db, Dialect, Tx } from '../db/database.js';
import type { CartTable, EventSessionTable, TicketTable } from '../db/schema.js';
import { availableCapacity, isOnSale } from '../events/session-rules.js';
import { canSee, type Viewer } from '../events/viewer.js';
import { unitPrice } from '../events/serialize.js';
import { AppError } from '../http/app-error.js';
import { storeIdentity, type WriterIdentity } from '../identity/public-identity.js';
import { cartById, heldTicketsOfCart } from './cart.repository.js';
import { holdMinutes } from './hold-minutes.js';
import { nextSequenceValue } from '../db/sequences.js';
import { insertCart, insertTickets, updateCart } from './cart-write.repository.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { groupUsed, sessionRoom } from './capacity.repository.js';
import { takeCapacity } from './take-capacity.js';
import { ticketValidity } from './ticket-validity.js';
import { eventHasSessions, groupsWithRules, reservableTypes, sessionsByIds, type ReservableRule } from './catalog-lookup.repository.js';
import { releaseExpiredCarts } from './release-expired-carts.js';
import { releaseHeldTickets } from './release-tickets.js';
import { checkAttendee, checkFlexiblePrice, checkOrderLimits } from './reserve-rules.js';
import { checkAddOnAnchors } from './add-on-anchor.js';
import { checkAddOnWindows } from './add-on-window.js';
import { checkRequiredAnswers, validateSurvey } from './survey.js';
import { assertModifiable, assertNotInjected } from './cart-access.js';
import { checkClientLimits, type ClientLimits } from './check-client-limits.js';
import type { TtlCache } from '../ttl-cache.js';
import { memo } from './memo.js';
import { holdMembershipItems } from '../membership/hold-membership-items.js';
import { membershipExpired, takeMemberAllowances } from '../membership/take-member-allowance.js';
import { insertHoldingSeats, seatOfReserveItem } from '../seats/hold-seat.js';
import { promotionsOnModify } from '../promotions/promotions-on-modify.js';
import { changeCartOrder, takeOrderTickets } from '../orders/self-edit/take-order-tickets.js';
import { assertExchange } from '../orders/self-edit/assert-exchange.js';

export interface ModifyInput {
  db: Db;
  dialect: Dialect;
  sellerId: string;
  writer: WriterIdentity;
  viewer: Viewer;
  cartId: string | null;
  body: TCartModify;
  now: Date;
  defaultHoldMinutes: number;
  cache?: TtlCache;
  /** The storefront client's limits (address, holds, new carts); none for staff tools. */
  client?: ClientLimits;
  /** A new change cart for this order (self-edit; the caller has checked access to the order). */
  editOrderId?: string | null;
  /**
   * The box office moving an order's tickets (admin/move-tickets.ts): the self-edit rules and its
   * logged-out rule do not apply (capacity and the reserve rules do); `onWritten` runs last in the
   * modify's transaction (the audit entry commits with the change).
   */
  staffChange?: { onWritten: (tx: Tx, made: ModifiedCart) => Promise<void> } | null;
}

type NewTicket = Omit<Selectable<TicketTable>, 'id' | 'cart_id' | 'created_at'>;

/**
 * Creates a cart and/or changes it: removes, adds (every reserve rule of docs/events.md#field-rules, capacity taken
 * with conditional updates), survey answers, campaign. One transaction: a refusal changes nothing.
 * A refusal for want of capacity first frees holds that have expired in that session, then tries
 * once more.
 */
export interface ModifiedCart {
  cart: Selectable<CartTable>;
  /** Its held tickets, in cart order. */
  tickets: Selectable<TicketTable>[];
  /** The sessions capacity was just taken from, as they now stand. */
  sessions: Selectable<EventSessionTable>[];
}

export async function modifyCart(input: ModifyInput): Promise<ModifiedCart> {
  try {
    return await inWriteTransaction(input.db, input.dialect, (tx) => modifyInTransaction(tx, input));
  } catch (error) {
    const sessionId = error instanceof AppError ? ((error.extra as { event_session_id?: string } | null)?.event_session_id ?? null) : null;
    if (!sessionId || !CAPACITY_CODES.has((error as AppError).code)) throw error;
    const freed = await releaseExpiredCarts(input.db, input.dialect, input.now, { sessionId });
    if (!freed.tickets) throw error;
    return inWriteTransaction(input.db, input.dialect, (tx) => modifyInTransaction(tx, input));
  }
}

const CAPACITY_CODES = new Set(['event_session_sold_out', 'session_capacity_exceeded', 'ticket_group_sold_out', 'ticket_group_capacity_exceeded', 'seat_unavailable']);

async function modifyInTransaction(tx: Tx, input: ModifyInput): Promise<ModifiedCart> {
  const { body, now } = input;
  const nowIso = now.toISOString();
  let cart: Selectable<CartTable> | undefined;
  if (input.cartId) {
    cart = await cartById(tx, input.cartId);
    assertModifiable(cart, input.writer.identity, input.sellerId, now);
    assertNotInjected(cart);
  }
  await storeIdentity(tx, input.writer, now);

  const held = cart ? await heldTicketsOfCart(tx, cart.id) : [];
  // A change cart (self-edit) may also remove tickets of the order it edits (orders/self-edit/).
  const editsOrderId = changeCartOrder(cart, input.editOrderId ?? null, input.writer.identity, !!input.staffChange);
  const orderRemoveIds = editsOrderId ? body.remove.filter((id) => !held.some((t) => t.id === id)) : [];
  const removeIds = new Set(body.remove.filter((id) => !orderRemoveIds.includes(id)));
  // Money taken for a cart is never left without tickets to cover it: no removals once paid into.
  if (cart && cart.paid > 0 && removeIds.size) {
    throw new AppError(409, 'incorrect_cart_state', 'Part of this order has been paid, so tickets can no longer be removed.', 'cart_remove_tickets', { cart_id: cart.id });
  }
  for (const id of removeIds) {
    if (!held.some((t) => t.id === id)) throw new AppError(404, 'ticket_not_found', 'That ticket is not in this cart.', 'cart_remove_tickets', { ticket_id: id });
  }

  const additions = await resolveAdditions(tx, input, body.add);
  const remaining = held.filter((t) => !removeIds.has(t.id));
  const removed = held.filter((t) => removeIds.has(t.id));
  const after = [...remaining, ...additions];
  await checkAddOnAnchors(tx, input.cache, additions, after, removed);
  await checkAddOnWindows(tx, input.cache, input.sellerId, additions, after, removed);

  // Order limits, only for the (group, session) pairs this change touched.
  const touched = new Set([...removed, ...additions].map((t) => `${t.ticket_group_id}|${t.event_session_id ?? ''}`));
  const groupIds = [...new Set(after.map((t) => t.ticket_group_id))].sort();
  const { groups, rules } = await memo(input.cache, `groups:${groupIds.join(',')}`, () => groupsWithRules(tx, groupIds));
  checkOrderLimits(
    after.map((t) => ({ ticketTypeId: t.ticket_type_id, groupId: t.ticket_group_id, sessionId: t.event_session_id })),
    touched,
    new Map(groups.map((g) => [g.id, g])),
    rules,
  );

  // Survey answers for groups in the cart.
  let additionalInfo: { ticket_group_id: string; data: Record<string, unknown> }[] = cart ? (JSON.parse(cart.additional_info) as { ticket_group_id: string; data: Record<string, unknown> }[]) : [];
  for (const answer of body.additionalInfo ?? []) {
    const group = groups.find((g) => g.id === answer.ticket_group_id);
    if (!group) throw new AppError(400, 'additional_info_validation_failed', 'These answers are for tickets that are not in the cart.', 'additional_info', { ticket_group_id: answer.ticket_group_id });
    const data = validateSurvey(group.additional_info_spec ? JSON.parse(group.additional_info_spec) : null, answer.data);
    additionalInfo = [...additionalInfo.filter((a) => a.ticket_group_id !== answer.ticket_group_id), { ticket_group_id: answer.ticket_group_id, data }];
  }
  const inCart = new Set(after.map((t) => t.ticket_group_id));
  additionalInfo = additionalInfo.filter((a) => inCart.has(a.ticket_group_id));
  // Required questions of the groups this change adds to are answered (with the reserve or before).
  checkRequiredAnswers(groups, additions, additionalInfo);

  if (cart && removeIds.size) await releaseHeldTickets(tx, { cartId: cart.id, ticketIds: [...removeIds] });

  const expiresAt = additions.length || !cart ? new Date(now.getTime() + (await memo(input.cache, `hold:${input.sellerId}`, () => holdMinutes(tx, input.sellerId, input.defaultHoldMinutes))) * 60_000).toISOString() : cart.expires_at;
  const campaign = body.campaign ? JSON.stringify(body.campaign) : (cart?.campaign ?? null);
  const info = JSON.stringify(additionalInfo);
  const [saved] = cart
    ? (await updateCart(tx, cart.id, expiresAt, nowIso, campaign, info)).rows
    : (await insertCart(tx, uuidv7(), input.sellerId, input.writer.identity.id, String(await nextSequenceValue(tx, input.dialect, 'cart_number')), expiresAt, nowIso, campaign, info, input.client?.ip ?? null)).rows;
  const rows = additions.map(({ groupLimit: _limit, ...a }) => ({ ...a, id: uuidv7(), cart_id: saved.id, created_at: nowIso }));
  // The new tickets are inserted (seats held) before the order's old ones are taken out, in this one transaction.
  const added = await insertHoldingSeats(rows, (ordered) => insertTickets(tx, ordered));
  const changeCart = editsOrderId ? { ...saved, edits_order_id: editsOrderId, credit: await takeOrderTickets(tx, { cartId: saved.id, orderId: editsOrderId, sellerId: input.sellerId, ticketIds: orderRemoveIds, now, staff: !!input.staffChange }) } : saved;
  // A paid ticket leaves its order only in exchange for another (orders/self-edit/assert-exchange.ts).
  // Staff may move tickets of a `single` event (the exchange itself is still required).
  if (editsOrderId) await assertExchange(tx, saved.id, !input.staffChange);
  // Memberships: the members of a membership ticket; member benefits taken from allowances (rows[i] is body.add[i]).
  await holdMembershipItems(tx, { sellerId: input.sellerId, cartId: saved.id, viewer: input.viewer, items: rows.map((ticket, i) => ({ ticket, handlerData: body.add[i].handler_data })), now });
  await takeMemberAllowances(tx, { sellerId: input.sellerId, viewer: input.viewer, tickets: rows, now, cache: input.cache });
  // Promotions: the payload's codes, code-required groups, the cart priced again (promotions/).
  const priced = await promotionsOnModify(tx, { cart: changeCart, newCart: !cart, body, tickets: [...remaining, ...added], added, now, cache: input.cache });
  // Capacity last: on PostgreSQL the session's row stays locked from here to the commit, so every
  // other buyer of a busy session waits only for this update and the commit, not our inserts.
  const sessions = await takeCapacityOrRefuse(tx, additions);
  // The client's limits last (the new cart and tickets count): a reservation refused for capacity
  // never waits for the client's lock, and the lock is the last one taken (only reads follow).
  if (input.client) await checkClientLimits(tx, input.dialect, input.client, { identityId: input.writer.identity.id, newIdentity: input.writer.fresh !== null, newCart: !cart, adding: additions.length, now });
  const made = { cart: priced.cart, tickets: priced.tickets, sessions };
  if (input.staffChange) await input.staffChange.onWritten(tx, made);
  return made;
}

/** Takes the capacity of new tickets, or refuses with what is left of the session or group that ran out. */
async function takeCapacityOrRefuse(tx: Tx, additions: (NewTicket & { groupLimit?: number })[]): Promise<Selectable<EventSessionTable>[]> {
  const taken = await takeCapacity(tx, additions);
  if ('sessions' in taken) return taken.sessions;
  const { sessionId, groupId } = taken.short;
  if (groupId === undefined) {
    const room = await sessionRoom(tx, sessionId);
    // Closed for sale by staff: answered like a full session.
    const left = room && !room.sale_closed ? availableCapacity(room) : 0;
    if (left === 0) throw new AppError(409, 'event_session_sold_out', 'Tickets have sold out for this session.', 'reserve', { event_session_id: sessionId, available: 0 });
    throw new AppError(409, 'session_capacity_exceeded', `Only ${left} tickets are left for this session.`, 'reserve', { event_session_id: sessionId, available: left });
  }
  const left = Math.max(0, taken.short.limit - (await groupUsed(tx, sessionId, groupId)));
  if (left === 0) throw new AppError(409, 'ticket_group_sold_out', 'These tickets have sold out for this session.', 'reserve', { event_session_id: sessionId, ticket_group_id: groupId, available: 0 });
  throw new AppError(409, 'ticket_group_capacity_exceeded', `Only ${left} of these tickets are left for this session.`, 'reserve', { event_session_id: sessionId, ticket_group_id: groupId, available: left });
}

/** Each requested ticket → a ticket row to insert, after every per-ticket rule. */
async function resolveAdditions(tx: Tx, input: ModifyInput, add: TReserveTicket[]): Promise<(NewTicket & { groupLimit?: number })[]> {
  if (!add.length) return [];
  const typeIds = [...new Set(add.map((a) => a.ticket_type_id))];
  const { types, rules } = await memo(input.cache, `reservable:${input.sellerId}:${typeIds.sort().join(',')}`, () => reservableTypes(tx, input.sellerId, typeIds));
  // Only times and event are read here (capacity is taken by conditional update), so a memo is safe.
  const sessionIds = [...new Set(add.map((a) => a.event_session_id).filter((s): s is string => !!s))].sort();
  const sessions = await memo(input.cache, `sessions:${sessionIds.join(',')}`, () => sessionsByIds(tx, sessionIds));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const sessionless = new Map<string, boolean>();
  const out: (NewTicket & { groupLimit?: number })[] = [];

  for (const [index, item] of add.entries()) {
    const type = typeById.get(item.ticket_type_id);
    const session = item.event_session_id ? sessionById.get(item.event_session_id) : undefined;
    if (!type) throw new AppError(400, 'validation_failed', 'This ticket type was not found.', 'reserve', { index, ticket_type_id: item.ticket_type_id });
    if (item.event_session_id && !session) throw new AppError(400, 'validation_failed', 'This session was not found.', 'reserve', { index, event_session_id: item.event_session_id });
    const rule = pickRule(rules, item.ticket_type_id, session?.event_template_id, input.viewer);
    if (!rule) {
      if (input.viewer.lapsed && rules.some((r) => r.ticket_type_id === item.ticket_type_id && r.hidden_type === 'public_member_only')) throw membershipExpired(index);
      throw new AppError(400, 'validation_failed', 'These tickets are not available for this event.', 'reserve', { index, ticket_type_id: item.ticket_type_id });
    }
    if (session) {
      if (!isOnSale(session, input.now)) throw new AppError(400, 'validation_failed', 'This session is no longer on sale.', 'reserve', { index, event_session_id: session.id });
    } else if (rule.handler !== 'codes') {
      // A discount code or voucher (a `codes` group) needs no session (docs/catalog.md).
      if (!sessionless.has(rule.event_template_id)) sessionless.set(rule.event_template_id, !(await eventHasSessions(tx, rule.event_template_id)));
      if (!sessionless.get(rule.event_template_id)) throw new AppError(400, 'validation_failed', 'Please choose a date and time.', 'reserve', { index, field: 'event_session_id' });
    }
    const nowIso = input.now.toISOString();
    if ((rule.sales_start && nowIso < rule.sales_start) || (rule.sales_end && nowIso >= rule.sales_end)) {
      throw new AppError(400, 'rule_blocks_reserve', `${rule.group_name} tickets are not on sale at the moment.`, 'checkout_rules', { index, block_reason: 'sales_window' });
    }
    checkAttendee(rule, item.admit_name, item.admit_email);
    const { currency_amount_min: min, currency_amount_max: max } = type;
    const face = min !== null && max !== null ? checkFlexiblePrice(item.face_value, min, max) : unitPrice(type);
    const percent = percentFee(face, type.fee_percent_outside);
    out.push({
      seller_id: input.sellerId,
      ticket_type_id: type.id,
      ticket_group_id: rule.ticket_group_id,
      event_template_id: rule.event_template_id,
      event_session_id: session?.id ?? null,
      counts_session: session && !rule.exclude_from_event_capacity ? 1 : 0,
      handler: rule.handler,
      state: 'held',
      face_value: face,
      adjusted_value: face,
      fee_fixed_outside: type.fee_fixed_outside ?? 0,
      fee_percent_outside: percent,
      admit_name: item.admit_name?.trim() || null,
      admit_email: item.admit_email?.trim() || null,
      // docs/catalog.md: the group's start policy and duration, else the session's times.
      ...ticketValidity(rule, session ?? null, input.now),
      ticket_order_id: null,
      scan_code: null,
      redeemed_at: null,
      change_cart_id: null,
      seat_id: await seatOfReserveItem(tx, input.cache, item, rule, type.name, session?.id ?? null, index),
      groupLimit: rule.capacity === -1 ? -1 : rule.capacity + rule.oversell_capacity,
    });
  }
  return out;
}

/** The group a type is sold through at this event: the first visible one by rank. */
function pickRule(rules: ReservableRule[], typeId: string, eventId: string | undefined, viewer: Viewer): ReservableRule | undefined {
  return rules.find((r) => r.ticket_type_id === typeId && (!eventId || r.event_template_id === eventId) && canSee(viewer, r.hidden_type));
}
