import { describe, expect, it } from 'vitest';
import { exportCatalog } from '../src/catalog/export-catalog.js';
import { importCatalog } from '../src/catalog/import-catalog.js';
import { validateCatalog } from '../src/catalog/validate-catalog.js';
import { CartClient, catalogIds } from './cart-client.js';
import { dialects, NOW } from './harness.js';
import { promotionsApp, promotionsCatalog, withDefaultCodes } from './promotions-harness.js';

/** `promotions` in the catalog document: validate, import, export (docs/promotions.md). */
describe('catalog validate: promotions', () => {
  it('the test catalog with promotions is valid', () => {
    const check = validateCatalog(promotionsCatalog());
    expect(check.ok ? [] : check.problems).toEqual([]);
  });

  it('names each wrong reference, duplicate and bad value by its path', () => {
    const catalog = promotionsCatalog();
    const p = catalog.promotions;
    const added: number = p.codes.length;
    p.codes.push({ code: 'welcome10', group: 'welcome' }, { code: 'X1', group: 'nosuch' });
    p.code_groups[0].required_for = ['ga/nosuch'];
    p.cart_mods[0].ticket_types = ['adult', 'nosuch'];
    const last = p.cart_mods.length;
    p.cart_mods.push({ key: 'empty', name: 'Empty', kind: 'amount_off', value: '1', scope: 'event', events: [], code_groups: ['nosuch'] });
    withDefaultCodes(catalog, ['welcome10', 'NOTACODE']);
    const citypass = catalog.config.find((e: { name: string }) => e.name === 'citypass_code_groups');
    citypass.value = [{ ...citypass.value[0], child_regexp: '([' }, { code_group: 'nosuch', adult_regexp: 'A', child_regexp: 'C' }];
    const config = (name: string) => catalog.config.findIndex((e: { name: string }) => e.name === name);
    const check = validateCatalog(catalog);
    expect(check.ok ? [] : check.problems.map((x) => x.path)).toEqual([
      `$.promotions.codes[${added}]`,
      '$.promotions.code_groups[0].required_for[0]',
      `$.promotions.codes[${added + 1}].group`,
      `$.config[${config('citypass_code_groups')}].value[0].child_regexp`,
      `$.config[${config('citypass_code_groups')}].value[1].code_group`,
      `$.config[${config('default_promo_codes')}].value[1]`,
      '$.promotions.cart_mods[0].ticket_types[1]',
      `$.promotions.cart_mods[${last}].code_groups[0]`,
      `$.promotions.cart_mods[${last}].events`,
    ]);
    // The earlier catalog form of the two configuration entries is named, not silently dropped.
    const earlier = promotionsCatalog();
    earlier.promotions.default_codes = ['WELCOME10'];
    earlier.promotions.code_groups.find((g: { key: string }) => g.key === 'citypass').citypass = { adult_regexp: 'A', child_regexp: 'C' };
    const moved = validateCatalog(earlier);
    expect(moved.ok ? [] : moved.problems.map((x) => `${x.path}: ${x.message}`)).toEqual([
      expect.stringMatching(/^\$\.promotions\.code_groups\[\d+\]\.citypass: moved to the configuration entry web\.citypass_code_groups/),
      expect.stringMatching(/^\$\.promotions\.default_codes: moved to the configuration entry web\.default_promo_codes/),
    ]);
    const shape = promotionsCatalog();
    shape.promotions.cart_mods[0].value = '120';
    shape.promotions.codes[0].code = 'A';
    const blocks = shape.promotions.cart_mods.length;
    shape.promotions.cart_mods.push({ key: 'blocks', name: 'B', kind: 'percent_off', value: '0', scope: 'cart', blocking_checkout: true });
    const bad = validateCatalog(shape);
    expect(bad.ok ? [] : bad.problems.map((x) => `${x.path}: ${x.message}`)).toEqual([
      '$.promotions.codes[0].code: A code has 2 to 35 characters.',
      '$.promotions.cart_mods[0].value: a percentage is at most 100',
      `$.promotions.cart_mods[${blocks}].code_groups: a blocking modifier needs code_groups (the codes that unblock it)`,
    ]);
  });
});

describe.each(dialects())('promotions import and export on %s', (dialect) => {
  it('export gives back what was imported; a re-import keeps use counts and switches off codes no longer listed', async () => {
    const t = await promotionsApp(dialect);
    try {
      const exported = await exportCatalog(t.db);
      const source = promotionsCatalog().promotions;
      expect(exported.promotions!.codes!.map((c) => c.code)).toEqual(source.codes.map((c: { code: string }) => c.code.toUpperCase()).sort());
      expect(exported.promotions!.cart_mods!.map((m) => [m.key, m.kind, Number(m.value)])).toEqual(source.cart_mods.map((m: { key: string; kind: string; value: string }) => [m.key, m.kind, Number(m.value)]));
      expect(exported.promotions!.code_groups!.find((g) => g.key === 'friends')).toMatchObject({ required_for: ['ga/friends'], description: 'Enter your Friends of the Museum code to book the preview.' });
      expect(exported.promotions!.codes!.find((c) => c.code === 'OLDCODE')).toMatchObject({ valid_to: '2026-05-31' });
      expect(exported.promotions!.cart_mods!.find((m) => m.key === 'family')).toMatchObject({ requires: { ticket_types: ['adult'], min: 2 } });

      await t.db.updateTable('promo_code').set({ used: 7 }).where('code', '=', 'WELCOME10').execute();
      const next = { ...(exported as object), promotions: { ...exported.promotions, codes: exported.promotions!.codes!.filter((c) => c.code !== 'FIVER') } };
      await importCatalog(t.db, next, { baseDir: '/', now: NOW });
      const rows = await t.db.selectFrom('promo_code').select(['code', 'used', 'active']).where('code', 'in', ['WELCOME10', 'FIVER']).orderBy('code').execute();
      expect(rows).toEqual([{ code: 'FIVER', used: 0, active: 0 }, { code: 'WELCOME10', used: 7, active: 1 }]);
      expect((await t.app.inject({ method: 'GET', url: '/api/code/FIVER' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('the first configured default code (web.default_promo_codes) prices every new cart without being typed, uncounted; only within its dates', async () => {
    const t = await promotionsApp(dialect, withDefaultCodes(promotionsCatalog(), ['welcome10', 'FIVER']));
    try {
      const ids = await catalogIds(t.db);
      const line = (type: string) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', '2026-06-02T18:00:00.000Z') });
      const c = new CartClient(t.app);
      const res = await c.create([line('adult')]);
      expect(res.body.cart._data[0].cart_fees).toMatchObject({ total_cartmod_amount: '2.00', total_outstanding: '18.00' });
      expect(res.body.cart._data[0].promo_codes).toEqual([expect.objectContaining({ code: 'WELCOME10', phase: 'default' })]);
      const cartId = res.body.cart._data[0].id;
      const again = await c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code: 'WELCOME10' });
      expect(again.body._data[0]._code).toBe('duplicate_code');
      // The second configured code is not a default: it is applied only when typed.
      const fiver = await c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code: 'FIVER', require_benefit: false });
      expect(fiver.status, JSON.stringify(fiver.body)).toBe(200);
      expect(fiver.body.cart._data[0].promo_codes.map((x: { code: string; phase: string }) => `${x.code}:${x.phase}`)).toEqual(['WELCOME10:default', 'FIVER:post']);
      expect((await t.db.selectFrom('promo_code').select('used').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()).used).toBe(0);
      // Read back, and a second new cart, the same.
      expect((await c.call('GET', `/api/my/cart/${cartId}`)).body.cart._data[0].promo_codes[0]).toMatchObject({ code: 'WELCOME10', phase: 'default' });
      expect((await new CartClient(t.app).create([line('child')])).body.cart._data[0].cart_fees.total_cartmod_amount).toBe('1.05');
    } finally {
      await t.close();
    }
    // A default code past its last day applies to nothing.
    const expired = await promotionsApp(dialect, withDefaultCodes(promotionsCatalog(), ['OLDCODE']));
    try {
      const ids = await catalogIds(expired.db);
      const res = await new CartClient(expired.app).create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', '2026-06-02T18:00:00.000Z') }]);
      expect([res.body.cart._data[0].promo_codes, res.body.cart._data[0].cart_fees.total_cartmod_amount]).toEqual([[], '0.00']);
    } finally {
      await expired.close();
    }
  });
});
