import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAnchored } from '../src/cart/add-on-anchor.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, FIXTURE, testApp, type TestApp } from './harness.js';

/**
 * Add-ons need an admission in the cart (000 §4): the reserve of an add-on event's tickets is
 * refused with rule_blocks_reserve and 'Add an admission event to your cart first.' unless the
 * cart (after the change) holds a dated ticket of an event that is not an add-on.
 */

/** The test catalog plus an all-day audio-guide add-on (meta upsell) with its own ticket type. */
function catalogWithAddOn(): string {
  const catalog = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { images: { file: string }[]; ticket_types: unknown[]; events: unknown[] };
  for (const image of catalog.images) image.file = resolve(dirname(FIXTURE), image.file);
  catalog.ticket_types.push({ key: 'audio', name: 'Audio guide', price: '6.00' });
  catalog.events.push({
    key: 'audio-guide',
    name: 'Audio Guide',
    category: 'Add-ons',
    venue: 'main',
    rank: 9,
    meta: { upsell: true },
    ticket_groups: [{ key: 'handsets', name: 'Audio guides', types: [{ ticket_type: 'audio' }] }],
    schedules: [{ from: 'today', to: 'today+6', times: ['09:00'], duration_minutes: 480, capacity: 50 }],
  });
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-addon-')), 'catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

// Clock: 2026-06-01 12:00 New York (16:00Z). Day 3 (06-04): GA at 18:00 local, the add-on from 09:00.
const GA_0604_18 = '2026-06-04T22:00:00.000Z';
const AUDIO_0604 = '2026-06-04T13:00:00.000Z';

describe.each(dialects())('add-on anchors on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    t = await testApp(dialect, { catalog: catalogWithAddOn() });
    ids = await catalogIds(t.db);
  });
  afterAll(() => t.close());

  const audio = () => ({ ticket_type_id: ids.type('audio'), event_session_id: ids.session('audio-guide', AUDIO_0604) });
  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) });

  it('refuses an add-on alone, in a new cart or an existing one without an admission', async () => {
    const c = new CartClient(t.app);
    const alone = await c.create([audio()]);
    expect(alone.status).toBe(400);
    expect(alone.body._data[0]).toMatchObject({ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _description: 'Add an admission event to your cart first.', _extra: { block_reason: 'anchor_required' } });
    // Nothing was held.
    const used = await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('audio-guide', AUDIO_0604)).executeTakeFirstOrThrow();
    expect(used.used_capacity).toBe(0);

    // A flexible (undated) purchase is no anchor either.
    const donation = await c.create([{ ticket_type_id: ids.type('donation'), face_value: '10.00' }]);
    expect(donation.status).toBe(200);
    const res = await c.modify(donation.body.cart._data[0].id, { add: [audio()] });
    expect(res.status).toBe(400);
    expect(res.body._data[0]._code).toBe('rule_blocks_reserve');
  });

  it('accepts it with an admission already in the cart, or added in the same change', async () => {
    const c = new CartClient(t.app);
    const created = await c.create([adult()]);
    expect(created.status).toBe(200);
    const res = await c.modify(created.body.cart._data[0].id, { add: [audio()] });
    expect(res.status).toBe(200);
    expect(res.body.ticket._data).toHaveLength(2);

    const together = await new CartClient(t.app).create([adult(), audio()]);
    expect(together.status).toBe(200);
  });
});

describe('the anchor rule (pure)', () => {
  const events = new Map([
    ['ga', { id: 'ga', meta: '{}', event_type: 'repeating' }],
    ['audio', { id: 'audio', meta: '{"upsell":true}', event_type: 'repeating' }],
    ['flex', { id: 'flex', meta: '{}', event_type: 'flexible' }],
  ]);
  const ticket = (event: string, session: string | null = 's') => ({ event_template_id: event, event_session_id: session });

  it('only checks changes that add add-on tickets', () => {
    expect(() => assertAnchored([ticket('ga')], [ticket('ga')], events)).not.toThrow();
    expect(() => assertAnchored([], [ticket('audio')], events)).not.toThrow();
    expect(() => assertAnchored([ticket('audio')], [ticket('audio'), ticket('flex')], events)).toThrow('Add an admission event to your cart first.');
    expect(() => assertAnchored([ticket('audio')], [ticket('audio'), ticket('ga', null)], events)).toThrow();
    expect(() => assertAnchored([ticket('audio')], [ticket('ga'), ticket('audio')], events)).not.toThrow();
  });
});
