import type { Kysely } from 'kysely';

/**
 * Whether a grant came from registering the account (POST user made it) rather than from typing
 * the e-mail of an existing one (the 409): only the first lets guest checkout copy its answers
 * onto the account's meta (checkout/set-purchaser.ts). Existing grants: not registered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('identity_grant').addColumn('registered', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
