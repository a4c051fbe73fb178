import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../src/db/database.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { FIXTURE, testApp, type TestApp } from './harness.js';

/**
 * The test catalog with promotions (docs/promotions.md): a code-required group "ga/friends"
 * (ticket type "preview"), and codes for each rule kind.
 */
export function promotionsCatalog() {
  const catalog = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  for (const image of catalog.images) image.file = join(dirname(FIXTURE), image.file);
  catalog.ticket_types.push({ key: 'preview', name: 'Friends preview', price: '12.00' });
  const ga = catalog.events.find((e: { key: string }) => e.key === 'ga');
  for (const schedule of ga.schedules) schedule.capacity = -1;
  ga.ticket_groups.push({ key: 'friends', name: 'Friends preview', types: [{ ticket_type: 'preview' }] });
  const group = (key: string, extra: object = {}) => ({ key, name: `${key} codes`, ...extra });
  catalog.promotions = {
    code_groups: [
      group('welcome'), group('race'), group('family'), group('fiver'), group('vip'), group('limited'), group('once'), group('pair'), group('freebie'), group('dated'), group('bonus'), group('lastday'),
      group('locals', { resident: { country: 'US', zip_prefixes: ['021'] } }), group('londoners', { resident: { country: 'GB', zip_prefixes: ['SW1'] } }),
      group('citypass'),
      group('friends', { description: 'Enter your Friends of the Museum code to book the preview.', required_for: ['ga/friends'] }),
    ],
    codes: [
      { code: 'WELCOME10', group: 'welcome', max_uses: 500 },
      { code: 'RACE100', group: 'race', max_uses: 100 },
      { code: 'FAMILYDAY', group: 'family' },
      { code: 'fiver', group: 'fiver' },
      { code: 'VIPPASS', group: 'vip' },
      { code: 'LIMIT1', group: 'limited', max_uses: 1 },
      { code: 'ONCE', group: 'once', max_per_identity: 1 },
      { code: 'PAIR', group: 'pair', max_per_order: 2 },
      { code: 'FREEBIE', group: 'freebie', max_uses: 1 },
      { code: 'OLDCODE', group: 'dated', valid_to: 'today-1' },
      { code: 'SOON', group: 'dated', valid_from: 'today+5' },
      { code: 'FRIENDS', group: 'friends' },
      { code: 'BONUS', group: 'bonus' },
      { code: 'LATE1', group: 'limited', max_uses: 1 },
      { code: 'LASTDAY', group: 'lastday' },
      { code: 'LATE2', group: 'limited', max_uses: 1 },
    ],
    cart_mods: [
      { key: 'welcome-10', name: '10% off admission', kind: 'percent_off', value: '10', scope: 'ticket_type', ticket_types: ['adult', 'child'], code_groups: ['welcome'] },
      { key: 'race-half', name: 'Half price', kind: 'percent_off', value: '50', scope: 'cart', code_groups: ['race'] },
      { key: 'family', name: 'Children free with two adults', kind: 'fixed_price', value: '0', scope: 'ticket_type', ticket_types: ['child'], requires: { ticket_types: ['adult'], min: 2 }, code_groups: ['family'] },
      { key: 'fiver', name: '$5 off your visit', kind: 'amount_off', value: '5.00', scope: 'cart', stackable: true, code_groups: ['fiver'] },
      { key: 'bonus', name: '10% bonus', kind: 'percent_off', value: '10', scope: 'cart', stackable: true, code_groups: ['bonus'] },
      { key: 'locals', name: 'Resident discount', kind: 'percent_off', value: '20', scope: 'ticket_type', ticket_types: ['adult'], code_groups: ['locals', 'londoners'] },
      { key: 'citypass', name: 'CityPASS', kind: 'percent_off', value: '100', scope: 'event', events: ['ga'], code_groups: ['citypass'] },
      { key: 'vip-code', name: 'VIP access', description: 'VIP tickets need a VIP pass code.', kind: 'percent_off', value: '0', scope: 'ticket_type', ticket_types: ['vip'], blocking_checkout: true, code_groups: ['vip'] },
      { key: 'limited', name: 'Limited offer', kind: 'amount_off', value: '1.00', scope: 'ticket_type', ticket_types: ['adult'], code_groups: ['limited', 'once'] },
      { key: 'pair', name: 'Two for $10', kind: 'fixed_price', value: '10.00', scope: 'event', events: ['ga', 'hot'], code_groups: ['pair'] },
      { key: 'freebie', name: 'On the house', kind: 'percent_off', value: '100', scope: 'cart', code_groups: ['freebie'] },
      { key: 'dated', name: 'Dated', kind: 'percent_off', value: '5', scope: 'cart', code_groups: ['dated'] },
      { key: 'lastday', name: 'Half price today only', kind: 'percent_off', value: '50', scope: 'cart', valid_to: 'today', code_groups: ['lastday'] },
      { key: 'friends', name: 'Friends preview', kind: 'percent_off', value: '0', scope: 'cart', code_groups: ['friends'] },
    ],
  };
  // docs/promotions.md#codes citypass_code_groups: the city-pass group's voucher expressions.
  catalog.config.push({ resource: 'seller', namespace: 'web', name: 'citypass_code_groups', value: [{ code_group: 'citypass', adult_regexp: '^CPA\\d{6}$', child_regexp: '^CPC\\d{6}$' }] });
  return catalog;
}

/** The catalog with web.default_promo_codes set. */
export function withDefaultCodes(catalog: ReturnType<typeof promotionsCatalog>, codes: string[]) {
  catalog.config.push({ resource: 'seller', namespace: 'web', name: 'default_promo_codes', value: codes });
  return catalog;
}

export function writeCatalog(catalog: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-promos-')), 'catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

export function promotionsApp(dialect: Dialect, catalog: unknown = promotionsCatalog(), env: NodeJS.ProcessEnv = {}) {
  return testApp(dialect, { catalog: writeCatalog(catalog), env });
}

/** A fresh app with the promotions catalog for the describe block it is called in. */
export function usePromotionsApp(dialect: Dialect, ready: (t: TestApp, ids: CatalogIds) => void, env: NodeJS.ProcessEnv = {}) {
  let t: TestApp;
  beforeAll(async () => {
    t = await promotionsApp(dialect, undefined, env);
    ready(t, await catalogIds(t.db));
  });
  afterAll(() => t.close());
}
