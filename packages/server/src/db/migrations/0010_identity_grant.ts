import type { Kysely } from 'kysely';

/**
 * Which identities a caller may name as purchaser or giftee (issue 17): those it registered
 * (POST user, POST giftee) or whose e-mail it typed. An identity id alone names nobody.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_grant')
    .addColumn('holder_identity_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_grant_pkey', ['holder_identity_id', 'identity_id'])
    .execute();
}
