import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from '@foyer/contracts';
import { uuidv7 } from '../src/ids.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, getJson, testApp, type TestApp } from './harness.js';

/**
 * docs/events.md#limits advertise_price_including_fees: with it set, the listing's "from" price and the calendar's
 * day price include the types' outside fees (fixed and percent); without it they do not.
 */
describe.each(dialects())('prices with fees on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_CACHE_TTL_MS: '0' } });
    ids = await catalogIds(t.db);
    await t.db.updateTable('ticket_type').set({ fee_fixed_outside: 150, fee_percent_outside: '10' }).execute();
  });
  afterAll(() => t.close());

  const prices = async () => {
    const listing = await getJson(t.app, '/api/events/available');
    const ga = listing.body.event_template._data.find((e: { id: string }) => e.id === ids.event('ga'));
    const calendar = await getJson(t.app, `/api/events/${ids.event('ga')}/calendar?_format=extended`);
    const event = await getJson(t.app, `/api/events/${ids.event('ga')}?_embed=ticket_group`);
    return { listing: ga.min_price as string, day: calendar.body.calendar._data[0].min_price as string, group: event.body.ticket_group._data[0].price as string };
  };
  const withFees = (price: string) => fromMinor(toMinor(price) + 150 + Math.round(toMinor(price) / 10));

  it('adds the outside fees only when the seller advertises prices with them', async () => {
    const plain = await prices();
    expect(plain.day).toBe('20.00'); // the primary type, Adult
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'advertise_price_including_fees', value: 'true' }).execute();
    const advertised = await prices();
    expect(advertised.day).toBe('23.50');
    expect(advertised.listing).toBe(withFees(plain.listing));
    expect(advertised.group).toBe(withFees(plain.group));
    await t.db.updateTable('config_entry').set({ value: 'false' }).where('name', '=', 'advertise_price_including_fees').execute();
    expect(await prices()).toEqual(plain);
  });
});
