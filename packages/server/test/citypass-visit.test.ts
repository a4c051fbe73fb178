import { PROMO_TEXT } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { CartClient, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { usePromotionsApp } from './promotions-harness.js';

// docs/promotions.md: a city-pass voucher's pre-reserved visit (handler_data.visit_datetime) is recorded and checked.
const GA = '2026-06-02T18:00:00.000Z';
const OTHER = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('city-pass visit on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  usePromotionsApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA) });
  const reserve = (code: string, visit: unknown) => new CartClient(t.app).create([adult()], { preReservePromoCodes: [{ code, handler: 'citypass', handler_data: { visit_datetime: visit } }] });
  const use = (code: string) => t.db.selectFrom('cart_promo_code').select(['visit_datetime', 'counted']).where('code', '=', code).execute();
  const usedCapacity = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('ga', GA)).executeTakeFirstOrThrow()).used_capacity;

  it('a visit at the reserved session is recorded on the voucher use (the same instant in any offset)', async () => {
    const res = await reserve('CPA100001', '2026-06-02T14:00:00-04:00');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cart._data[0].cart_fees.total_outstanding).toBe('0.00');
    expect(await use('CPA100001')).toEqual([{ visit_datetime: GA, counted: 1 }]);
  });

  it('a visit no session in the cart starts at refuses the reserve: nothing held, the voucher still unused', async () => {
    const before = await usedCapacity();
    const res = await reserve('CPA100002', OTHER);
    expect(res.status).toBe(400);
    expect(res.body._data[0]).toMatchObject({ _code: 'invalid_citypass', _context: 'promo_code', _description: PROMO_TEXT.citypassVisit.replace('{time}', 'Thu, Jun 4, 2026 at 6:00 PM'), _extra: { code: 'CPA100002', visit_datetime: OTHER } });
    expect(await usedCapacity()).toBe(before);
    expect(await use('CPA100002')).toEqual([]);
    expect((await t.db.selectFrom('promo_code').select('used').where('code', '=', 'CPA100002').executeTakeFirst())?.used ?? 0).toBe(0);
  });

  it('a visit that is not a date and time is refused; none at all is not checked', async () => {
    for (const bad of ['tomorrow', 42, '2026-13-45T99:00']) {
      const res = await reserve('CPA100003', bad);
      expect([res.status, res.body._data[0]._code, res.body._data[0]._description]).toEqual([400, 'invalid_citypass', PROMO_TEXT.citypassVisitFormat]);
    }
    const plain = await new CartClient(t.app).create([adult()], { preReservePromoCodes: [{ code: 'CPA100004', handler: 'citypass' }] });
    expect(plain.status).toBe(200);
    expect(await use('CPA100004')).toEqual([{ visit_datetime: null, counted: 1 }]);
  });
});
