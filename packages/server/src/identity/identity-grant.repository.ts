import type { Tx } from '../db/database.js';

/** Lets `holder` name `identityId` (idempotent); `registered` when the holder's POST user made that account. */
export async function grantIdentity(db: Tx, holderIdentityId: string, identityId: string, now: Date, registered = false): Promise<void> {
  if (holderIdentityId === identityId) return;
  await db
    .insertInto('identity_grant')
    .values({ holder_identity_id: holderIdentityId, identity_id: identityId, created_at: now.toISOString(), registered: registered ? 1 : 0 })
    .onConflict((oc) => oc.columns(['holder_identity_id', 'identity_id']).doNothing())
    .execute();
}

/** Whether `holder` may name `identityId`: its own, or granted. */
export async function mayNameIdentity(db: Tx, holderIdentityId: string, identityId: string): Promise<boolean> {
  return holderIdentityId === identityId || (await grantOf(db, holderIdentityId, identityId)) !== undefined;
}

/** Whether `holder` made this account (its POST user registered it), not merely typed the e-mail of an existing one. */
export async function holderRegistered(db: Tx, holderIdentityId: string, identityId: string): Promise<boolean> {
  return holderIdentityId === identityId || (await grantOf(db, holderIdentityId, identityId))?.registered === 1;
}

function grantOf(db: Tx, holderIdentityId: string, identityId: string) {
  return db
    .selectFrom('identity_grant')
    .select('registered')
    .where('holder_identity_id', '=', holderIdentityId)
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
}
