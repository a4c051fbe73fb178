import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CARDS } from '@foyer/contracts';
import { backupDatabase } from '../packages/server/src/db/backup-database.js';
import { openDatabase } from '../packages/server/src/db/database.js';
import { restoreDatabase } from '../packages/server/src/db/restore-database.js';
import { addMember } from '../packages/server/src/users/add-member.js';
import { describe, expect, it } from 'vitest';
import { readInvariants, readStore } from './invariants.js';
import { CLI, emptyDatabase, faultDialects, report, startServer, waitFor } from './server-process.js';
import { hotSession, Shopper } from './shopper.js';


/** `npm run foyer -- <args>` against `databaseUrl`. */
async function foyer(databaseUrl: string, ...args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 });
  return stdout.trim();
}

describe.each(faultDialects())('foyer backup under write load, foyer restore into an empty database (%s)', (dialect) => {
  it('the restored store answers the same orders, tickets, memberships and gift-card balances', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-backup-'));
    const source = await emptyDatabase(dialect);
    const underLoad = await emptyDatabase(dialect);
    const quiet = await emptyDatabase(dialect);
    const server = await startServer(source.url);
    try {
      const { add } = await hotSession(source.url, 100_000);
      const { seeded } = await readInvariants(source.url);
      const gift = (await readTypeId(source.url, 'gift25'))!;
      let purchases = 0;
      let cards = 0;
      let stop = false;
      const shopper = async () => {
        for (let i = 0; !stop; i++) {
          if (i % 3 === 2) {
            const s = new Shopper(server.base);
            const cart = await s.call('POST', '/api/my/cart/modify', { add: [{ ticket_type_id: gift }] });
            if (cart.status !== 200) continue;
            const paid = await s.call('POST', `/api/cart/${cart.body.cart._data[0].id}/pay`, { amount: '25.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
            if (paid.status === 200) cards++;
          } else {
            const steps = await new Shopper(server.base).buy(add);
            if (steps.length === 2 && steps[1].status === 200) purchases++;
          }
        }
      };
      const load = Array.from({ length: 6 }, () => shopper());
      await giveMemberships(source.url, [1, 2, 3]);
      await waitFor('purchases before the backup', () => purchases >= 8 && cards >= 3, 120_000);
      const loadFile = join(dir, dialect === 'sqlite' ? 'under-load.db' : 'under-load.dump');
      // Answered before the backup started: the copy must hold at least these.
      const atBackup = { purchases, cards };
      const backupSaid = await foyer(source.url, 'backup', loadFile);
      await giveMemberships(source.url, [4, 5]);
      await waitFor('purchases after the backup', () => purchases >= atBackup.purchases + 4, 120_000);
      stop = true;
      await Promise.all(load);
      const restoreSaid = await foyer(underLoad.url, 'restore', loadFile);

      // The quiet moment: a second backup with no writes, restored, must equal the source exactly.
      const quietFile = join(dir, dialect === 'sqlite' ? 'quiet.db' : 'quiet.dump');
      // (the commands' functions themselves: the CLI was shown above, and each start costs seconds)
      await backupDatabase(source.url, quietFile);
      await restoreDatabase(quiet.url, quietFile);
      const refused = await restoreDatabase(quiet.url, quietFile).then(() => 'accepted', (error: unknown) => (error as Error).message);

      const final = await readStore(source.url);
      const restoredQuiet = await readStore(quiet.url);
      const restoredLoad = await readStore(underLoad.url);
      const loadInvariants = await readInvariants(underLoad.url, seeded);
      const byId = new Map(final.orders.map((o) => [o.id, o]));
      const ticketsById = new Map(final.tickets.map((t) => [t.id, t]));
      report(`backup and restore (${dialect})`, {
        injected: '6 clients buying tickets and gift cards, members given memberships (3 before the backup, 2 after); `foyer backup` while they write; `foyer restore` into an empty database; a second backup once quiet',
        backup: backupSaid,
        restore: restoreSaid,
        'source at the end: orders, tickets, memberships, gift cards': [final.orders.length, final.tickets.length, final.memberships.length, final.giftCards.length],
        'restored (under load): orders, tickets, memberships, gift cards': [restoredLoad.orders.length, restoredLoad.tickets.length, restoredLoad.memberships.length, restoredLoad.giftCards.length],
        'restored (under load) invariants': { capacityDrift: loadInvariants.capacityDrift.length, paidWithoutOrder: loadInvariants.paidWithoutOrder.length, bookedTwice: loadInvariants.bookedTwice.length },
        'restore into a database that is not empty': refused,
      });
      // Quiet: identical.
      expect(restoredQuiet).toEqual(final);
      expect(final.orders.length).toBeGreaterThanOrEqual(atBackup.purchases + atBackup.cards);
      expect(final.giftCards.length).toBeGreaterThanOrEqual(3);
      // Under load: a consistent moment — at least what was answered before the backup started,
      // each order as the source has it, with its tickets; invariants hold.
      expect(restoredLoad.orders.length).toBeGreaterThanOrEqual(atBackup.purchases + atBackup.cards);
      expect(restoredLoad.orders.length).toBeLessThan(final.orders.length);
      for (const order of restoredLoad.orders) expect(order).toEqual(byId.get(order.id));
      for (const ticket of restoredLoad.tickets) expect(ticket).toEqual(ticketsById.get(ticket.id));
      expect(restoredLoad.memberships).toEqual(final.memberships.slice(0, 3));
      expect(final.memberships).toHaveLength(5);
      expect(restoredLoad.giftCards).toEqual(final.giftCards.filter((g) => restoredLoad.giftCards.some((r) => r.number === g.number)));
      expect(loadInvariants.capacityDrift).toEqual([]);
      expect(loadInvariants.paidWithoutOrder).toEqual([]);
      expect(loadInvariants.bookedTwice).toEqual([]);
      expect(refused).toMatch(/not empty/);
    } finally {
      await server.kill();
      for (const d of [source, underLoad, quiet]) await d.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

async function readTypeId(databaseUrl: string, key: string) {
  const handle = openDatabase(databaseUrl);
  try {
    return (await handle.db.selectFrom('ticket_type').select('id').where('catalog_key', '=', key).executeTakeFirst())?.id;
  } finally {
    await handle.close();
  }
}

/** Members with one membership card each (as the box office would add them), numbered `numbers`. */
async function giveMemberships(databaseUrl: string, numbers: number[]) {
  const handle = openDatabase(databaseUrl);
  try {
    const { db } = handle;
    const seller = await db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const type = await db.selectFrom('ticket_type').select('id').where('catalog_key', '=', 'adult').executeTakeFirstOrThrow();
    for (const n of numbers) {
      const now = new Date();
      const user = await addMember(db, { first_name: 'Ada', last_name: `Member${n}`, scan_code: `M${n}00${n}` }, now);
      const id = `card-${n}-${Math.random().toString(36).slice(2, 10)}`;
      const scan = `T${n}${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      await db
        .insertInto('membership')
        .values({
          id, seller_id: seller.id, card_set_id: id, position: 0, scan_code: scan, scan_code_key: scan, role: 'member', ticket_type_id: type.id,
          ticket_group_id: null, ticket_order_id: null, ticket_id: null, user_id: user.id, identity_id: user.identity_id, first_name: 'Ada', last_name: `Member${n}`,
          email: null, valid_from: now.toISOString(), valid_to: new Date(now.getTime() + 365 * 86_400_000).toISOString(), member_event_purchase_limit: null,
          giver_identity_id: null, giftee_identity_id: null, redeem_code_hash: null, redeemed_at: null, created_at: now.toISOString(), updated_at: now.toISOString(),
        })
        .execute();
    }
  } finally {
    await handle.close();
  }
}
