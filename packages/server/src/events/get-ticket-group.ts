import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import { groupById, rulesOfGroups, typesByIds } from './events.repository.js';
import { entryPrice, groupTypesOf, ruleOut, ticketGroupOut, ticketTypeOut } from './serialize.js';
import { canSee, type Viewer } from './viewer.js';

export const TICKET_GROUP_QUERY: QuerySpec = { embeds: ['ticket_type', 'ticket_group_rule'] };

/** GET ticket_group/{id} (docs/events.md#calls, used for donation groups). */
export async function getTicketGroup(db: Tx, input: { sellerId: string; id: string; viewer: Viewer; query: ParsedQuery }) {
  const group = await groupById(db, input.id);
  if (!group || group.seller_id !== input.sellerId || !canSee(input.viewer, group.hidden_type)) {
    throw new AppError(404, 'not_found', 'This ticket group could not be found.', 'ticket_group', { id: input.id });
  }
  const rules = await rulesOfGroups(db, [group.id]);
  const types = await typesByIds(db, rules.map((r) => r.ticket_type_id));
  const lowest = types.length ? Math.min(...types.map(entryPrice)) : null;
  const siblings: Record<string, unknown[]> = {};
  if (input.query.embed.has('ticket_type')) siblings.ticket_type = types.map(ticketTypeOut);
  if (input.query.embed.has('ticket_group_rule')) siblings.ticket_group_rule = rules.map(ruleOut);
  const { seller_id: _sellerId, ...row } = group;
  return document('ticket_group', [ticketGroupOut(row, 0, lowest, groupTypesOf(rules, new Map(types.map((t) => [t.id, t]))).get(group.id))], 1, siblings);
}
