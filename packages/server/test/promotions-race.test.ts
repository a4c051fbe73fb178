import { describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { catalogIds } from './cart-client.js';
import { dialects } from './harness.js';
import { promotionsApp } from './promotions-harness.js';

const RACERS = 300;
const USES = 100;

/** docs/architecture.md#inventory-never-oversell: a code's uses are taken by one conditional update, so racing carts never overrun them. */
describe.each(dialects())('code uses never overrun on %s', (dialect) => {
  // 600 requests over real HTTP: well within a minute alone, slower on a loaded 2-core machine (150 s).
  it(`${RACERS} carts apply a code of ${USES} uses at once over real HTTP: exactly ${USES} succeed; expiry gives every use back`, async () => {
    // Every racer comes from one address here: the per-address limits on carts and holds are raised.
    const t = await promotionsApp(dialect, undefined, { FOYER_MAX_HELD_TICKETS_PER_IP: '1000', FOYER_CARTS_PER_IP_PER_HOUR: '1000' });
    try {
      const ids = await catalogIds(t.db);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const line = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', '2026-06-02T18:00:00.000Z') };
      const headers = { 'content-type': 'application/json', app: 'ecomm' };
      // Each racer is a guest with a cart of its own.
      const carts: { id: string; cookie: string }[] = [];
      for (let i = 0; i < RACERS; i++) {
        const res = await fetch(`${url}/api/my/cart/modify`, { method: 'POST', headers, body: JSON.stringify({ add: [line] }) });
        const body = (await res.json()) as { cart: { _data: { id: string }[] } };
        carts.push({ id: body.cart._data[0].id, cookie: res.headers.get('set-cookie')!.split(';')[0] });
      }
      const results = await Promise.all(
        carts.map(async (cart) => {
          const res = await fetch(`${url}/api/my/cart/${cart.id}/apply_code`, { method: 'POST', headers: { ...headers, cookie: cart.cookie }, body: JSON.stringify({ code: 'RACE100', require_benefit: true }) });
          const body = (await res.json()) as { _data?: { _code: string }[] };
          return { status: res.status, code: body._data?.[0]?._code ?? null };
        }),
      );
      const ok = results.filter((r) => r.status === 200).length;
      const exhausted = results.filter((r) => r.status === 409 && r.code === 'code_exhausted').length;
      expect(results.filter((r) => r.status !== 200 && r.code !== 'code_exhausted')).toEqual([]);
      expect([ok, exhausted]).toEqual([USES, RACERS - USES]);
      const code = await t.db.selectFrom('promo_code').select(['id', 'used']).where('code', '=', 'RACE100').executeTakeFirstOrThrow();
      expect(code.used).toBe(USES);
      const onCarts = await t.db.selectFrom('cart_promo_code').select((eb) => eb.fn.countAll<number>().as('n')).where('code_id', '=', code.id).where('counted', '=', 1).executeTakeFirstOrThrow();
      expect(onCarts.n).toBe(USES);

      t.clock.advance(31 * 60_000);
      while ((await releaseExpiredCarts(t.db, t.dialect, t.clock.now, { batch: 70 })).carts > 0);
      const after = await t.db.selectFrom('promo_code').select('used').where('code', '=', 'RACE100').executeTakeFirstOrThrow();
      expect(after.used).toBe(0);
    } finally {
      await t.close();
    }
  }, 150_000);
});
