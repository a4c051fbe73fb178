import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Accounts: users (each owns an identity of kind 'user'), login sessions, one-time passcodes,
 * recovery tokens, rate-limit windows and the mail outbox. Secrets are stored only as hashes.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('identity_id', 'text', (c) => c.notNull().unique().references('identity.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    /** Lower-cased, trimmed e-mail: unique per seller, so e-mails are unique case-insensitively. */
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('scan_code', 'text')
    .addColumn('scan_code_key', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('additional_info', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_account_email', ['seller_id', 'email_key'])
    .addUniqueConstraint('user_account_scan_code', ['seller_id', 'scan_code_key'])
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id'))
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    /** The absolute end: a sliding session is never extended beyond it. */
    .addColumn('max_expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_session_by_user').on('user_session').columns(['user_id']).execute();
  await db.schema.createIndex('user_session_by_expiry').on('user_session').columns(['expires_at']).execute();

  await db.schema
    .createTable('login_otp')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    /** Null when no account has the address: the token then can never succeed. */
    .addColumn('user_id', 'text')
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts_left', 'integer', (c) => c.notNull())
    .addColumn('outbox_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('login_otp_by_expiry').on('login_otp').columns(['expires_at']).execute();

  await db.schema
    .createTable('recovery_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_token_by_user').on('recovery_token').columns(['user_id']).execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['bucket', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_by_expiry').on('rate_limit').columns(['expires_at']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    /** pending → sending → sent, or back to pending with a later next_attempt_at, or failed. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
}
