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
