import type { Insertable } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { PromoCodeTable } from '../db/schema.js';
import { uuidv7 } from '../ids.js';

// The rows `catalog import` and `catalog export` read and write as promotions (docs/promotions.md);
// import-promotions.ts and export-promotions.ts decide what they mean.

/** The ticket groups of the given events, with their catalog keys. */
export function ticketGroupKeysOfEvents(db: Tx, eventIds: string[]) {
  return db.selectFrom('ticket_group').select(['id', 'catalog_key', 'event_template_id']).where('event_template_id', 'in', [...eventIds, '']).execute();
}

/** A seller's code groups with their requirements, active codes and cart modifiers, and the ticket groups of its events. */
export async function readPromotionRows(db: Db, sellerId: string, eventIds: string[]) {
  const codeGroups = await db.selectFrom('promo_code_group').selectAll().where('seller_id', '=', sellerId).orderBy('catalog_key').execute();
  const requirements = codeGroups.length ? await db.selectFrom('promo_code_requirement').selectAll().where('code_group_id', 'in', codeGroups.map((g) => g.id)).execute() : [];
  const activeCodes = await db.selectFrom('promo_code').selectAll().where('seller_id', '=', sellerId).where('active', '=', 1).orderBy('code').execute();
  const mods = await db.selectFrom('promo_cartmod').selectAll().where('seller_id', '=', sellerId).where('active', '=', 1).orderBy('rank').execute();
  const groupRows = await ticketGroupKeysOfEvents(db, eventIds);
  return { codeGroups, requirements, activeCodes, mods, groupRows };
}

/** Replaces the ticket groups a code group is required for. */
export async function setCodeGroupRequirements(tx: Tx, codeGroupId: string, ticketGroupIds: string[]) {
  await tx.deleteFrom('promo_code_requirement').where('code_group_id', '=', codeGroupId).execute();
  if (ticketGroupIds.length) await tx.insertInto('promo_code_requirement').values(ticketGroupIds.map((ticket_group_id) => ({ code_group_id: codeGroupId, ticket_group_id }))).execute();
}

/** Switches off every code of a seller (an import switches on those it lists). */
export async function deactivateCodes(tx: Tx, sellerId: string) {
  await tx.updateTable('promo_code').set({ active: 0, is_default: 0 }).where('seller_id', '=', sellerId).execute();
}

type CodeValues = Omit<Insertable<PromoCodeTable>, 'id' | 'seller_id' | 'code' | 'used'>;

/** Updates a seller's code by its text, or inserts it unused (its use counter survives a re-import). */
export async function upsertCode(tx: Tx, sellerId: string, code: string, values: CodeValues) {
  const existing = await tx.selectFrom('promo_code').select('id').where('seller_id', '=', sellerId).where('code', '=', code).executeTakeFirst();
  if (existing) await tx.updateTable('promo_code').set(values).where('id', '=', existing.id).execute();
  else await tx.insertInto('promo_code').values({ id: uuidv7(), seller_id: sellerId, code, used: 0, ...values }).execute();
}

/** Switches off every cart modifier of a seller, or switches one on. */
export async function deactivateCartMods(tx: Tx, sellerId: string) {
  await tx.updateTable('promo_cartmod').set({ active: 0 }).where('seller_id', '=', sellerId).execute();
}

export async function activateCartMod(tx: Tx, id: string) {
  await tx.updateTable('promo_cartmod').set({ active: 1 }).where('id', '=', id).execute();
}
