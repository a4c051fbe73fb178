import { inspect } from 'node:util';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, Dialect } from './database.js';
import { up as m0001 } from './migrations/0001_catalog.js';
import { up as m0002 } from './migrations/0002_cart.js';
import { up as m0003 } from './migrations/0003_accounts.js';
import { up as m0004 } from './migrations/0004_orders.js';
import { up as m0005 } from './migrations/0005_checkout.js';
import { up as m0006 } from './migrations/0006_payment_tickets.js';
import { up as m0006b } from './migrations/0006b_giftee.js';
import { up as m0007 } from './migrations/0007_external_login.js';
import { up as m0008 } from './migrations/0008_injected_carts.js';
import { up as m0008b } from './migrations/0008b_outbox_attachments.js';
import { up as m0009 } from './migrations/0009_abuse_limits.js';
import { up as m0010 } from './migrations/0010_identity_grant.js';
import { up as m0011 } from './migrations/0011_memberships.js';
import { up as m0012 } from './migrations/0012_order_access_keys.js';
import { up as m0013 } from './migrations/0013_checkin.js';
import { up as m0014 } from './migrations/0014_membership_gifts.js';
import { up as m0015 } from './migrations/0015_seats.js';
import { up as m0016 } from './migrations/0016_promotions.js';
import { up as m0017 } from './migrations/0017_purchaser_details.js';
import { up as m0018 } from './migrations/0018_auto_renew.js';
import { up as m0019 } from './migrations/0019_order_changes.js';
import { up as m0020 } from './migrations/0020_instalments.js';
import { up as m0021 } from './migrations/0021_calendar_summary.js';
import { up as m0022 } from './migrations/0022_profile_address.js';
import { up as m0023 } from './migrations/0023_identity_grant_registered.js';
import { up as m0024 } from './migrations/0024_citypass_visit.js';
import { up as m0025 } from './migrations/0025_door_scans.js';
import { up as m0026 } from './migrations/0026_live_notify.js';
import { up as m0027 } from './migrations/0027_staff.js';
import { up as m0028 } from './migrations/0028_terms_and_captcha.js';
import { up as m0029 } from './migrations/0029_gift_sources.js';
import { up as m0030 } from './migrations/0030_cart_gift_cards.js';
import { up as m0031 } from './migrations/0031_live_notify_sale.js';
import { up as m0032 } from './migrations/0032_method_fees.js';
import { up as m0034 } from './migrations/0034_payment_card_last4.js';
import { up as m0036 } from './migrations/0036_instalment_overdue.js';
import { up as m0037 } from './migrations/0037_instalment_autopay.js';
import { up as m0038 } from './migrations/0038_wallet_updates.js';
import { up as m0039 } from './migrations/0039_checkout_instalment_consent.js';
import { up as m0040 } from './migrations/0040_move_links.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator and the migrations run against the schema as it was then: Kysely<any>, as its migration guide types it (eslint.config.js turns the rule off in migrations/)
type AnyDb = Kysely<any>;

/**
 * One migration set for both dialects, one file each under migrations/. Append only: never edit
 * a migration that has shipped; add the next file and list it here.
 */
const MIGRATIONS: Record<string, (db: AnyDb, dialect: Dialect) => Promise<void>> = {
  '0001_catalog': m0001,
  '0002_cart': m0002,
  '0003_accounts': m0003,
  '0004_orders': m0004,
  '0005_checkout': m0005,
  '0006_payment_tickets': m0006,
  '0006b_giftee': m0006b,
  '0007_external_login': m0007,
  '0008_injected_carts': m0008,
  '0008b_outbox_attachments': m0008b,
  '0009_abuse_limits': m0009,
  '0010_identity_grant': m0010,
  '0011_memberships': m0011,
  '0012_order_access_keys': m0012,
  '0013_checkin': m0013,
  '0014_membership_gifts': m0014,
  '0015_seats': m0015,
  '0016_promotions': m0016,
  '0017_purchaser_details': m0017,
  '0018_auto_renew': m0018,
  '0019_order_changes': m0019,
  '0020_instalments': m0020,
  '0021_calendar_summary': m0021,
  '0022_profile_address': m0022,
  '0023_identity_grant_registered': m0023,
  '0024_citypass_visit': m0024,
  '0025_door_scans': m0025,
  '0026_live_notify': m0026,
  '0027_staff': m0027,
  '0028_terms_and_captcha': m0028,
  '0029_gift_sources': m0029,
  '0030_cart_gift_cards': m0030,
  '0031_live_notify_sale': m0031,
  '0032_method_fees': m0032,
  '0034_payment_card_last4': m0034,
  '0036_instalment_overdue': m0036,
  '0037_instalment_autopay': m0037,
  '0038_wallet_updates': m0038,
  '0039_checkout_instalment_consent': m0039,
  '0040_move_links': m0040,
};

/** Migration names in the order they are listed (Kysely runs them in name order). */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

function migrations(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, up]) => [name, { up: (db: AnyDb) => up(db, dialect) }]));
}

class InlineProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations() {
    return Promise.resolve(migrations(this.dialect));
  }
}

/** Runs pending migrations; safe to call from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db as AnyDb, provider: new InlineProvider(handle.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(typeof error === 'string' ? error : inspect(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A cheap round trip for /api/health. */
export async function pingDatabase(handle: { db: AnyDb }): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
