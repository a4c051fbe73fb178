import type { Tx } from '../db/database.js';

/** Catalog reads. Kysely only; no rules here. */

export function eventsOfSeller(db: Tx, sellerId: string) {
  return db.selectFrom('event_template').selectAll().where('seller_id', '=', sellerId).orderBy('rank').orderBy('name').execute();
}

export function eventById(db: Tx, sellerId: string, id: string) {
  return db.selectFrom('event_template').selectAll().where('seller_id', '=', sellerId).where('id', '=', id).executeTakeFirst();
}

export async function groupsOfEvents(db: Tx, eventIds: string[]) {
  if (!eventIds.length) return [];
  return db.selectFrom('ticket_group').selectAll().where('event_template_id', 'in', eventIds).orderBy('rank').orderBy('name').execute();
}

export function groupById(db: Tx, id: string) {
  return db
    .selectFrom('ticket_group')
    .innerJoin('event_template', 'event_template.id', 'ticket_group.event_template_id')
    .selectAll('ticket_group')
    .select('event_template.seller_id')
    .where('ticket_group.id', '=', id)
    .executeTakeFirst();
}

export async function rulesOfGroups(db: Tx, groupIds: string[]) {
  if (!groupIds.length) return [];
  return db.selectFrom('ticket_group_rule').selectAll().where('ticket_group_id', 'in', groupIds).orderBy('rank').execute();
}

export async function typesByIds(db: Tx, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('ticket_type').selectAll().where('id', 'in', ids).orderBy('rank').orderBy('name').execute();
}

export async function venuesByIds(db: Tx, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('venue').selectAll().where('id', 'in', ids).execute();
}

export async function imagesByIds(db: Tx, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('image').select(['id', 'content_type', 'width', 'height', 'alt_text']).where('id', 'in', ids).execute();
}

export async function configOfResources(db: Tx, sellerId: string, resourceIds: string[]) {
  if (!resourceIds.length) return [];
  return db
    .selectFrom('config_entry')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .where('resource_id', 'in', resourceIds)
    .orderBy('namespace')
    .orderBy('name')
    .execute();
}

export async function messageRulesOfEvents(db: Tx, eventIds: string[]) {
  if (!eventIds.length) return [];
  return db.selectFrom('message_rule').selectAll().where('event_template_id', 'in', eventIds).orderBy('rank').execute();
}

/** Sessions of one event that have not ended, optionally inside a start window. */
export function sessionsOfEvent(db: Tx, eventId: string, window: { nowIso: string; startFrom?: string; startBefore?: string }) {
  let q = db
    .selectFrom('event_session')
    .selectAll()
    .where('event_template_id', '=', eventId)
    .where('end_datetime', '>', window.nowIso);
  if (window.startFrom) q = q.where('start_datetime', '>=', window.startFrom);
  if (window.startBefore) q = q.where('start_datetime', '<', window.startBefore);
  return q.orderBy('start_datetime').execute();
}

/** Unended sessions of many events in a start window (listing's date filter). */
export async function sessionsOfEvents(db: Tx, eventIds: string[], window: { nowIso: string; startFrom?: string; startBefore?: string }) {
  if (!eventIds.length) return [];
  let q = db.selectFrom('event_session').selectAll().where('event_template_id', 'in', eventIds).where('end_datetime', '>', window.nowIso);
  if (window.startFrom) q = q.where('start_datetime', '>=', window.startFrom);
  if (window.startBefore) q = q.where('start_datetime', '<', window.startBefore);
  return q.orderBy('start_datetime').execute();
}

export async function sessionById(db: Tx, eventId: string, id: string) {
  return db.selectFrom('event_session').selectAll().where('event_template_id', '=', eventId).where('id', '=', id).executeTakeFirst();
}

/** Capacity taken per (session, group) in the unended sessions of one event. */
export function groupUsageOfEvent(db: Tx, eventId: string, nowIso: string) {
  return db
    .selectFrom('session_group_usage')
    .innerJoin('event_session', 'event_session.id', 'session_group_usage.event_session_id')
    .select(['session_group_usage.event_session_id', 'session_group_usage.ticket_group_id', 'session_group_usage.used_capacity'])
    .where('event_session.event_template_id', '=', eventId)
    .where('event_session.end_datetime', '>', nowIso)
    .execute();
}

/** Capacity taken per (session, group). */
export async function groupUsage(db: Tx, sessionIds: string[]) {
  if (!sessionIds.length) return [];
  return db.selectFrom('session_group_usage').selectAll().where('event_session_id', 'in', sessionIds).execute();
}

export function membershipRulesOfSeller(db: Tx, sellerId: string) {
  return db.selectFrom('membership_rule').selectAll().where('seller_id', '=', sellerId).execute();
}

/**
 * Holds of pending carts whose time has run out but which the sweeper has not released yet:
 * reads count them as free (docs/architecture.md#inventory-never-oversell). Few rows: the sweeper keeps this set small.
 */
/** Session places held by carts that have expired but not yet been swept, per session. */
export async function expiredSessionHolds(db: Tx, sessionIds: string[], nowIso: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('cart')
    .innerJoin('ticket', 'ticket.cart_id', 'cart.id')
    .select('ticket.event_session_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cart.state', '=', 'pending')
    .where('cart.expires_at', '<=', nowIso)
    .where('ticket.state', '=', 'held')
    .where('ticket.counts_session', '=', 1)
    .where('ticket.event_session_id', 'in', sessionIds)
    .groupBy('ticket.event_session_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.event_session_id ? [[r.event_session_id, r.n] as const] : [])));
}

export function expiredHoldsOfEvent(db: Tx, eventId: string, nowIso: string) {
  return db
    .selectFrom('cart')
    .innerJoin('ticket', 'ticket.cart_id', 'cart.id')
    .select(['ticket.event_session_id', 'ticket.ticket_group_id', 'ticket.counts_session'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cart.state', '=', 'pending')
    .where('cart.expires_at', '<=', nowIso)
    .where('ticket.state', '=', 'held')
    .where('ticket.event_template_id', '=', eventId)
    .groupBy(['ticket.event_session_id', 'ticket.ticket_group_id', 'ticket.counts_session'])
    .execute();
}

/** The events these sessions belong to (the response cache forgets their answers after a capacity write). */
export async function eventsOfSessions(db: Tx, sessionIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('event_session').select('event_template_id').distinct().where('id', 'in', sessionIds).execute();
  return rows.map((r) => r.event_template_id);
}

export function groupsByIds(db: Tx, ids: string[]) {
  return db.selectFrom('ticket_group').selectAll().where('id', 'in', ids).execute();
}

export function eventsByIds(db: Tx, ids: string[]) {
  return db.selectFrom('event_template').selectAll().where('id', 'in', ids).execute();
}

/** A config entry of the seller of an event, by the seller's resource id (the entry's value as stored). */
export function configOfEventSeller(db: Tx, eventId: string, key: { namespace: string; name: string }) {
  return db
    .selectFrom('config_entry')
    .innerJoin('event_template', 'event_template.seller_id', 'config_entry.resource_id')
    .select('config_entry.value')
    .where('event_template.id', '=', eventId)
    .where('config_entry.namespace', '=', key.namespace)
    .where('config_entry.name', '=', key.name)
    .executeTakeFirst();
}
