import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAddressService } from './fake-address-service.js';
import { dialects, getJson, testApp, type TestApp } from './harness.js';

/**
 * Address autocomplete (docs/checkout.md#address-lookup External, docs/checkout.md#address-lookup): the server asks a Loqate-style Find/Retrieve
 * service with its key (a local fake here); the key never reaches the browser.
 */
describe.each(dialects())('address lookup on %s (against a local fake of the service)', (dialect) => {
  const fake = new FakeAddressService();
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: { ADDRESS_LOOKUP_KEY: fake.key, ADDRESS_LOOKUP_URL: fake.url } });
    bare = await testApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    await fake.stop();
  });

  const get = (app: TestApp, url: string) => getJson(app.app, url);

  it('finds by text in the chosen country, drills into a Container and retrieves an Address in the form’s keys', async () => {
    const found = await get(t, '/api/address/find?text=fifth%20ave&country=us');
    expect(found.status).toBe(200);
    expect(found.body.address_suggestion._data).toEqual([{ id: 'US|1', type: 'Address', text: '1000 Fifth Avenue', description: 'New York NY 10028' }]);
    expect(fake.requests.at(-1)).toBe('Find text=fifth ave container= countries=USA');

    const street = await get(t, '/api/address/find?text=53rd&country=us');
    expect(street.body.address_suggestion._data.map((s: { type: string }) => s.type)).toEqual(['Container']);
    const inside = await get(t, `/api/address/find?container=${encodeURIComponent('US|C1')}&country=us`);
    expect(inside.body.address_suggestion._data.map((s: { id: string }) => s.id)).toEqual(['US|2', 'US|3']);

    const address = await get(t, `/api/address/retrieve?id=${encodeURIComponent('US|3')}`);
    expect(address.status).toBe(200);
    expect(address.body.address._data[0]).toEqual({ id: 'US|3', address: '11 West 53rd Street', address_more: 'Floor 2', city: 'New York', state: 'NY', zip_code: '10019', country: 'us' });
    // The other country's addresses stay out.
    expect((await get(t, '/api/address/find?text=russell&country=us')).body.address_suggestion._data).toEqual([]);
    expect((await get(t, '/api/address/find?text=russell&country=gb')).body.address_suggestion._data[0].id).toBe('GB|1');
  });

  it('never hands out the key: not in GET config, nor in any answer; GET config says a lookup exists', async () => {
    const config = await get(t, '/api/config');
    const text = JSON.stringify(config.body);
    expect(text).not.toContain(fake.key);
    expect(config.body.config._data.find((e: { name: string }) => e.name === 'address_lookup')?.value).toBe(true);
    expect(JSON.stringify((await get(t, '/api/address/find?text=fifth&country=us')).body)).not.toContain(fake.key);
    expect((await get(bare, '/api/config')).body.config._data.some((e: { name: string }) => e.name === 'address_lookup')).toBe(false);
  });

  it('refuses without a key, for an unsupported country, under 4 characters and without an id', async () => {
    const none = await get(bare, '/api/address/find?text=fifth&country=us');
    expect([none.status, none.body._data[0]._code]).toEqual([400, 'not_configured']);
    const france = await get(t, '/api/address/find?text=rue%20de%20rivoli&country=fr');
    expect([france.status, france.body._data[0]._extra.field]).toEqual([400, 'country']);
    const short = await get(t, '/api/address/find?text=abc&country=us');
    expect([short.status, short.body._data[0]._extra.field]).toEqual([400, 'text']);
    expect((await get(t, '/api/address/retrieve')).status).toBe(400);
    expect((await get(t, '/api/address/retrieve?id=US%7C999')).status).toBe(404);
  });

  it('an outage or a refused key over there is one 502 provider_unavailable, never a 500', async () => {
    const outage = await get(t, '/api/address/find?text=outage%20street&country=us');
    expect([outage.status, outage.body._data[0]._code]).toEqual([502, 'provider_unavailable']);
    const wrongKey = await testApp(dialect, { catalog: null, env: { ADDRESS_LOOKUP_KEY: 'not-the-key', ADDRESS_LOOKUP_URL: fake.url } });
    try {
      const refused = await get(wrongKey, '/api/address/find?text=fifth&country=us');
      expect([refused.status, refused.body._data[0]._code]).toEqual([502, 'provider_unavailable']);
      expect(JSON.stringify(refused.body)).not.toContain('not-the-key');
    } finally {
      await wrongKey.close();
    }
    const gone = await testApp(dialect, { catalog: null, env: { ADDRESS_LOOKUP_KEY: fake.key, ADDRESS_LOOKUP_URL: 'http://127.0.0.1:9' } });
    try {
      expect((await get(gone, '/api/address/find?text=fifth&country=us')).status).toBe(502);
    } finally {
      await gone.close();
    }
  });
});
