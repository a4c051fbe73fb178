import { loadGroupTypes } from '../events/group-types.js';
import { AUTH_TEXT, MEMBER_ROLE_NAMES } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { ticketOut } from '../cart/cart-document.js';
import { eventsByIds, groupsByIds, typesByIds } from '../events/public.js';
import { ordersByIds, ticketsByIds } from './membership.repository.js';
import { eventOut, ticketGroupOut, ticketTypeOut } from '../events/serialize.js';
import { AppError } from '../http/app-error.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import { orderOut } from '../orders/order-document.js';
import { membershipsOf } from '../users/memberships.js';
import { userById } from '../users/public.js';

export const MY_MEMBERSHIP_QUERY: QuerySpec = {
  embeds: ['role', 'identity_link', 'ticket', 'ticket_order', 'ticket_type', 'event_template', 'ticket_group'],
  defaultLimit: 100,
};

/**
 * GET my/membership (docs/memberships.md#2-buying): the logged-in user's cards (the same list the login answer and
 * GET my/user carry), with the embeds role, identity_link, ticket, ticket_order, ticket types,
 * event templates and groups.
 */
export async function getMyMembership(db: Tx, input: { userId: string; query: ParsedQuery; now: Date }) {
  const user = await userById(db, input.userId);
  if (!user) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, 'membership');
  const all = await membershipsOf(db, user, input.now);
  const cards = all.slice(input.query.offset, input.query.offset + input.query.limit);
  const embed = input.query.embed;
  const siblings: Record<string, unknown[]> = {};
  if (embed.has('role')) siblings.role = [...new Set(cards.map((c) => c.role))].map((id) => ({ id, name: MEMBER_ROLE_NAMES[id] }));
  if (embed.has('identity_link')) {
    siblings.identity_link = cards.flatMap((c) => (c.identity_id ? [{ id: c.id, membership_id: c.id, identity_id: c.identity_id, user_id: c.user_id }] : []));
  }
  const ticketIds = [...new Set(cards.map((c) => c.ticket_id).filter((id): id is string => !!id))];
  const tickets = ticketIds.length ? await ticketsByIds(db, ticketIds) : [];
  if (embed.has('ticket')) siblings.ticket = tickets.map(ticketOut);
  const orderIds = [...new Set(cards.map((c) => c.ticket_order_id).filter((id): id is string => !!id))];
  if (embed.has('ticket_order') && orderIds.length) siblings.ticket_order = (await ordersByIds(db, orderIds)).map(orderOut);
  const typeIds = [...new Set(cards.map((c) => c.ticket_type_id).filter((id): id is string => !!id))];
  if (embed.has('ticket_type')) siblings.ticket_type = (await typesByIds(db, typeIds)).map(ticketTypeOut);
  const eventIds = [...new Set(tickets.map((t) => t.event_template_id))];
  if (embed.has('event_template') && eventIds.length) siblings.event_template = (await eventsByIds(db, eventIds)).map((e) => eventOut(e, null));
  const groupIds = [...new Set(cards.map((c) => c.ticket_group_id).filter((id): id is string => !!id))];
  if (embed.has('ticket_group') && groupIds.length) {
    const groupTypes = await loadGroupTypes(db, groupIds);
    siblings.ticket_group = (await groupsByIds(db, groupIds)).map((g) => ticketGroupOut(g, 0, null, groupTypes.get(g.id)));
  }
  return document('membership', cards, all.length, siblings);
}
