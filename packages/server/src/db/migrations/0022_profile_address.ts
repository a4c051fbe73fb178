import type { Kysely } from 'kysely';

/**
 * docs/accounts.md#my-account My profile, docs/accounts.md#my-account Identity: an account's own contact details (zip_code has been there since
 * 0003), changed by the user through PUT my/user. Nullable text on both dialects; state is null
 * where the country has no states.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['phone', 'address', 'address_more', 'city', 'country', 'state']) {
    await db.schema.alterTable('user_account').addColumn(column, 'text').execute();
  }
}
