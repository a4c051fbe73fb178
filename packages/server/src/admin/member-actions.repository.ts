import { sql, type Expression, type SqlBool } from 'kysely';
import type { TAdminMember } from '@foyer/contracts';
import type { Tx } from '../db/database.js';

/** The cards of one set (bought together), as Find shows them. */
export async function membersOfSet(db: Tx, cardSetId: string): Promise<TAdminMember[]> {
  const rows = await db
    .selectFrom('membership')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
    .select(['membership.id', 'membership.card_set_id', 'membership.scan_code', 'membership.first_name', 'membership.last_name', 'membership.email', 'membership.role', 'ticket_type.name as level', 'membership.valid_from', 'membership.valid_to', 'membership.auto_renew_state', 'membership.ticket_order_id'])
    .where('membership.card_set_id', '=', cardSetId)
    .orderBy('membership.position')
    .execute();
  return rows.map(({ first_name, last_name, ...r }) => ({ ...r, name: `${first_name} ${last_name}`.trim() }));
}

/** A later end for the set's cards: only cards ending before it move (conditional). */
export async function extendSet(tx: Tx, cardSetId: string, validTo: string, nowIso: string) {
  const done = await tx.updateTable('membership').set({ valid_to: validTo, updated_at: nowIso }).where('card_set_id', '=', cardSetId).where('valid_to', '<', validTo).executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** Ends the set's cards now (those still valid) and stops their renewal: one conditional update. */
export async function endSet(tx: Tx, cardSetId: string, nowIso: string) {
  const done = await tx
    .updateTable('membership')
    .set((eb) => ({ valid_to: nowIso, updated_at: nowIso, auto_renew_state: eb.case().when('auto_renew_state', '=', 'scheduled').then('cancelled').else(eb.ref('auto_renew_state')).end() }))
    .where('card_set_id', '=', cardSetId)
    .where('valid_to', '>', nowIso)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** scheduled → cancelled for the set's cards (conditional: a second stop finds nothing). */
export async function stopSetRenewal(tx: Tx, cardSetId: string, nowIso: string) {
  const done = await tx.updateTable('membership').set({ auto_renew_state: 'cancelled', updated_at: nowIso }).where('card_set_id', '=', cardSetId).where('auto_renew_state', '=', 'scheduled').executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** Cards whose member id is `code`, or whose name or e-mail is like `pattern` (lower case, `\\` escapes). */
const cardsMatching = (db: Tx, match: { code: string; pattern: string }) =>
  db
    .selectFrom('membership')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
    .where((eb) => {
      const ors: Expression<SqlBool>[] = [
        eb('membership.scan_code_key', '=', match.code),
        sql<SqlBool>`lower(membership.first_name || ' ' || membership.last_name) like ${match.pattern} escape '\\'`,
        sql<SqlBool>`lower(coalesce(membership.email, '')) like ${match.pattern} escape '\\'`,
      ];
      return eb.or(ors);
    });

/** One page of the matching cards with their level, by name then latest end. */
export function membersMatching(db: Tx, match: { code: string; pattern: string }, page: { limit: number; offset: number }) {
  return cardsMatching(db, match)
    .select(['membership.id', 'membership.card_set_id', 'membership.scan_code', 'membership.first_name', 'membership.last_name', 'membership.email', 'membership.role', 'ticket_type.name as level', 'membership.valid_from', 'membership.valid_to', 'membership.auto_renew_state', 'membership.ticket_order_id'])
    .orderBy('membership.last_name')
    .orderBy('membership.first_name')
    .orderBy('membership.valid_to', 'desc')
    .orderBy('membership.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function countMembersMatching(db: Tx, match: { code: string; pattern: string }) {
  return cardsMatching(db, match)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
}

/** Cards made or renewed after `since` (all, when null) and by `until`, not waiting for a code, with their level and holder's address, in print order. */
export function cardsChangedBetween(tx: Tx, since: string | null, until: string) {
  let q = tx
    .selectFrom('membership')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
    .leftJoin('user_account', 'user_account.id', 'membership.user_id')
    .select(['membership.id', 'membership.first_name', 'membership.last_name', 'membership.scan_code', 'membership.valid_to', 'ticket_type.name as level', 'user_account.address', 'user_account.address_more', 'user_account.city', 'user_account.state', 'user_account.zip_code', 'user_account.country'])
    .where('membership.updated_at', '<=', until)
    .where('membership.redeem_code_hash', 'is', null);
  if (since) q = q.where((eb) => eb.or([eb('membership.created_at', '>', since), eb('membership.updated_at', '>', since)]));
  return q.orderBy('membership.last_name').orderBy('membership.first_name').orderBy('membership.scan_code').execute();
}
