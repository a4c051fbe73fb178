import { noteCalendarChange, WHOLE_EVENT } from '../events/public.js';
import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Insertable, Kysely } from 'kysely';

/** A keyed table as upsertByKey sees it. */
interface KeyedRow {
  id: string;
  [column: string]: unknown;
}

type KeyedTable = 'seller' | 'venue' | 'image' | 'event_template' | 'ticket_type' | 'membership_rule' | 'membership_level' | 'promo_code_group' | 'promo_cartmod';

/**
 * Insert-or-update by natural key, the same on both dialects: look up, then update or insert.
 * Runs inside the import's transaction, so a failure leaves nothing half-written.
 */
export async function upsertByKey<T extends KeyedTable>(
  tx: Tx,
  table: T,
  scope: Record<string, string>,
  values: Omit<Database[T], 'id'>,
): Promise<string> {
  // Kysely cannot resolve its overloads over a generic table name; every keyed table, seen as
  // "an id and some columns", can (the columns come from the caller's typed `values` and `scope`).
  const keyed = tx as unknown as Kysely<Record<string, KeyedRow>>;
  const name: string = table;
  let q = keyed.selectFrom(name).select('id');
  for (const [column, value] of Object.entries(scope)) q = q.where(column, '=', value);
  const existing = await q.executeTakeFirst();
  if (existing) {
    await keyed.updateTable(name).set(values).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const id = uuidv7();
  await keyed.insertInto(name).values({ id, ...values }).execute();
  return id;
}

export async function upsertGroup(tx: Tx, values: Omit<Database['ticket_group'], 'id'>): Promise<string> {
  const existing = await tx
    .selectFrom('ticket_group')
    .select('id')
    .where('event_template_id', '=', values.event_template_id)
    .where('catalog_key', '=', values.catalog_key)
    .executeTakeFirst();
  if (existing) {
    await tx.updateTable('ticket_group').set(values).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const id = uuidv7();
  await tx.insertInto('ticket_group').values({ id, ...values }).execute();
  return id;
}

/** Replaces the rules of a group with exactly the given ones, keeping ids of pairs that stay. */
export async function replaceRules(tx: Tx, groupId: string, rules: Omit<Database['ticket_group_rule'], 'id' | 'ticket_group_id'>[]) {
  const existing = await tx.selectFrom('ticket_group_rule').select(['id', 'ticket_type_id']).where('ticket_group_id', '=', groupId).execute();
  const byType = new Map(existing.map((r) => [r.ticket_type_id, r.id]));
  for (const rule of rules) {
    const id = byType.get(rule.ticket_type_id);
    if (id) await tx.updateTable('ticket_group_rule').set(rule).where('id', '=', id).execute();
    else await tx.insertInto('ticket_group_rule').values({ id: uuidv7(), ticket_group_id: groupId, ...rule }).execute();
  }
  const keep = new Set(rules.map((r) => r.ticket_type_id));
  const gone = existing.filter((r) => !keep.has(r.ticket_type_id)).map((r) => r.id);
  if (gone.length) await tx.deleteFrom('ticket_group_rule').where('id', 'in', gone).execute();
}

export async function replaceMessageRules(tx: Tx, eventId: string, rules: Omit<Database['message_rule'], 'id' | 'event_template_id'>[]) {
  await tx.deleteFrom('message_rule').where('event_template_id', '=', eventId).execute();
  if (rules.length) await tx.insertInto('message_rule').values(rules.map((r) => ({ id: uuidv7(), event_template_id: eventId, ...r }))).execute();
}

/** Replaces all configuration entries of a seller (its own and its events'). */
export async function replaceConfig(tx: Tx, sellerId: string, entries: Omit<Database['config_entry'], 'id' | 'seller_id'>[]) {
  await tx.deleteFrom('config_entry').where('seller_id', '=', sellerId).execute();
  for (let i = 0; i < entries.length; i += 200) {
    await tx.insertInto('config_entry').values(entries.slice(i, i + 200).map((e) => ({ id: uuidv7(), seller_id: sellerId, ...e }))).execute();
  }
}

export interface SessionPlan {
  start: string;
  end: string;
  capacity: number;
  oversell_capacity: number;
  used_capacity?: number;
}

/**
 * Makes an event's sessions match the plan: new starts inserted, existing ones updated (their
 * sales counters kept; pre-sold usage applies only to new sessions), those no longer planned deleted only when nothing was sold in them.
 */
export async function syncSessions(tx: Tx, eventId: string, plan: SessionPlan[]) {
  const existing = await tx
    .selectFrom('event_session')
    .select(['id', 'start_datetime', 'end_datetime', 'capacity', 'oversell_capacity', 'used_capacity'])
    .where('event_template_id', '=', eventId)
    .execute();
  const byStart = new Map(existing.map((s) => [s.start_datetime, s]));
  const fresh: Insertable<Database['event_session']>[] = [];
  for (const p of plan) {
    const s = byStart.get(p.start);
    if (!s) {
      fresh.push({ id: uuidv7(), event_template_id: eventId, start_datetime: p.start, end_datetime: p.end, capacity: p.capacity, oversell_capacity: p.oversell_capacity, used_capacity: p.used_capacity ?? 0 });
      continue;
    }
    // used_capacity is the live sales counter: a re-import never rewrites it.
    if (s.end_datetime !== p.end || s.capacity !== p.capacity || s.oversell_capacity !== p.oversell_capacity) {
      await tx.updateTable('event_session').set({ end_datetime: p.end, capacity: p.capacity, oversell_capacity: p.oversell_capacity }).where('id', '=', s.id).execute();
    }
  }
  for (let i = 0; i < fresh.length; i += 300) await tx.insertInto('event_session').values(fresh.slice(i, i + 300)).execute();
  const planned = new Set(plan.map((p) => p.start));
  const unplanned = existing.filter((s) => !planned.has(s.start_datetime) && s.used_capacity === 0).map((s) => s.id);
  for (let i = 0; i < unplanned.length; i += 300) {
    const ids = unplanned.slice(i, i + 300);
    await tx.deleteFrom('session_group_usage').where('event_session_id', 'in', ids).execute();
    await tx.deleteFrom('event_session').where('id', 'in', ids).execute();
  }
  // Sessions added, moved, resized or removed: the calendar summary recomputes the whole event.
  await noteCalendarChange(tx, eventId, WHOLE_EVENT);
  return { inserted: fresh.length, deleted: unplanned.length, total: plan.length };
}
