import type { Kysely } from 'kysely';

/**
 * External logins (OpenID Connect): the provider's subject (`sub`, stable where an e-mail address
 * may change) linked to the user. One subject per issuer and seller finds one user; a user has at
 * most one subject per issuer (another provider account cannot take it over by its address).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('external_login')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('external_login_subject', ['seller_id', 'issuer', 'subject'])
    .addUniqueConstraint('external_login_user', ['user_id', 'issuer'])
    .execute();
}
