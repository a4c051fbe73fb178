import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAnchored } from '../src/cart/add-on-anchor.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, FIXTURE, testApp, type TestApp } from './harness.js';

/**
 * Add-ons need an admission in the cart (docs/events.md#upsells-and-add-ons): the reserve of an add-on event's tickets is
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
  // A guided add-on bought one per admission ticket.
  catalog.ticket_types.push({ key: 'guide', name: 'Guided walk', price: '4.00' });
  catalog.events.push({
    key: 'guided-walk',
    name: 'Guided Walk',
    category: 'Add-ons',
    venue: 'main',
    rank: 10,
    meta: { upsell: true, tickets_must_match_anchor_tickets: true },
    ticket_groups: [{ key: 'walkers', name: 'Walkers', types: [{ ticket_type: 'guide' }] }],
    schedules: [{ from: 'today', to: 'today+6', times: ['09:00'], duration_minutes: 480, capacity: 50 }],
  });
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-addon-')), 'catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

// Clock: 2026-06-01 12:00 New York (16:00Z). Day 3 (06-04): GA at 10:00 local, the all-day add-on from 09:00 (inside its visit window).
const GA_0604_10 = '2026-06-04T14:00:00.000Z';
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
  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_10) });

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

  it('tickets_must_match_anchor_tickets: the add-on is held in the number of the anchor booking\'s tickets, no more, no fewer', async () => {
    const guide = () => ({ ticket_type_id: ids.type('guide'), event_session_id: ids.session('guided-walk', AUDIO_0604) });
    const c = new CartClient(t.app);
    const created = await c.create([adult(), adult(), { ticket_type_id: ids.type('child'), event_session_id: ids.session('ga', GA_0604_10) }]);
    expect(created.status).toBe(200);
    const cartId = created.body.cart._data[0].id;

    const fewer = await c.modify(cartId, { add: [guide(), guide()] });
    expect(fewer.status).toBe(400);
    expect(fewer.body._data[0]).toMatchObject({
      _code: 'rule_blocks_reserve',
      _context: 'checkout_rules',
      _description: 'Add-on tickets must match the 3 admission tickets in your cart: choose 3.',
      _extra: { block_reason: 'tickets_must_match_anchor', event_template_id: ids.event('guided-walk'), required: 3, held: 2 },
    });
    const used = await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('guided-walk', AUDIO_0604)).executeTakeFirstOrThrow();
    expect(used.used_capacity).toBe(0);

    expect((await c.modify(cartId, { add: [guide(), guide(), guide()] })).status).toBe(200);
    // A fourth would no longer match.
    const more = await c.modify(cartId, { add: [guide()] });
    expect(more.status).toBe(400);
    expect(more.body._data[0]._extra).toMatchObject({ block_reason: 'tickets_must_match_anchor', required: 3, held: 4 });
    // Add-ons without the flag are not counted.
    expect((await c.modify(cartId, { add: [audio()] })).status).toBe(200);
  });

  it('tickets_must_match_anchor_tickets: adding or removing admission tickets under matched add-ons is refused unless both change together', async () => {
    const guide = () => ({ ticket_type_id: ids.type('guide'), event_session_id: ids.session('guided-walk', AUDIO_0604) });
    const c = new CartClient(t.app);
    const created = await c.create([adult(), adult(), guide(), guide()]);
    expect(created.status).toBe(200);
    const cartId = created.body.cart._data[0].id;
    const ticketsOf = (body: typeof created.body, typeId: string) => body.ticket._data.filter((x: { ticket_type_id: string }) => x.ticket_type_id === typeId).map((x: { id: string }) => x.id);
    const adults = ticketsOf(created.body, ids.type('adult'));
    const guides = ticketsOf(created.body, ids.type('guide'));
    const gaUsed = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('ga', GA_0604_10)).executeTakeFirstOrThrow()).used_capacity;
    const before = await gaUsed();

    // One more admission in the anchor session: 3 admissions for 2 walks.
    const more = await c.modify(cartId, { add: [adult()] });
    expect(more.status).toBe(400);
    expect(more.body._data[0]).toMatchObject({
      _code: 'rule_blocks_reserve',
      _context: 'checkout_rules',
      _description: 'Guided Walk tickets must match your admission tickets: this change would leave 3 tickets for admission and 2 for Guided Walk. Change both in one step, or remove Guided Walk from your cart first.',
      _extra: { block_reason: 'tickets_must_match_anchor', event_template_id: ids.event('guided-walk'), required: 3, held: 2 },
    });
    expect(await gaUsed()).toBe(before);

    // One admission fewer: 1 for 2 walks; nothing is released.
    const fewer = await c.modify(cartId, { remove: [adults[0]] });
    expect(fewer.status).toBe(400);
    expect(fewer.body._data[0]._extra).toMatchObject({ block_reason: 'tickets_must_match_anchor', required: 1, held: 2 });
    expect(fewer.body._data[0]._description).toContain('1 ticket for admission and 2 for Guided Walk');
    expect(await gaUsed()).toBe(before);

    // Both in one step are accepted, either way.
    const grown = await c.modify(cartId, { add: [adult(), guide()] });
    expect(grown.status).toBe(200);
    const shrunk = await c.modify(cartId, { remove: [adults[0], guides[0]] });
    expect(shrunk.status).toBe(200);
    expect(ticketsOf(shrunk.body, ids.type('guide'))).toHaveLength(2);

    // Without the matched add-on, admissions change freely.
    const left = ticketsOf(shrunk.body, ids.type('guide'));
    expect((await c.modify(cartId, { remove: left })).status).toBe(200);
    expect((await c.modify(cartId, { add: [adult()] })).status).toBe(200);
  });
});

describe('the anchor rule (pure)', () => {
  const events = new Map([
    ['ga', { id: 'ga', name: 'GA', meta: '{}', event_type: 'repeating' }],
    ['audio', { id: 'audio', name: 'Audio', meta: '{"upsell":true}', event_type: 'repeating' }],
    ['flex', { id: 'flex', name: 'Flex', meta: '{}', event_type: 'flexible' }],
  ]);
  const ticket = (event: string, session: string | null = 's', start: string | null = '2026-06-04T13:00:00Z') => ({ event_template_id: event, event_session_id: session, valid_from: session ? start : null });

  it('a gift card, donation, membership or code of an event flagged upsell is never an add-on: no anchor needed', () => {
    for (const handler of ['ledger', 'donation', 'membership', 'codes']) {
      expect(() => assertAnchored([{ ...ticket('audio'), handler }], [{ ...ticket('audio'), handler }], events)).not.toThrow();
    }
    expect(() => assertAnchored([{ ...ticket('audio'), handler: 'tickets' }], [{ ...ticket('audio'), handler: 'tickets' }], events)).toThrow('Add an admission event to your cart first.');
  });

  it('only checks changes that add add-on tickets', () => {
    expect(() => assertAnchored([ticket('ga')], [ticket('ga')], events)).not.toThrow();
    expect(() => assertAnchored([], [ticket('audio')], events)).not.toThrow();
    expect(() => assertAnchored([ticket('audio')], [ticket('audio'), ticket('flex')], events)).toThrow('Add an admission event to your cart first.');
    expect(() => assertAnchored([ticket('audio')], [ticket('audio'), ticket('ga', null)], events)).toThrow();
    expect(() => assertAnchored([ticket('audio')], [ticket('ga'), ticket('audio')], events)).not.toThrow();
  });

  it('a matching add-on counts against the earliest admission booking only', () => {
    const withWalk = new Map([...events, ['walk', { id: 'walk', name: 'Walk', meta: '{"upsell":"T","tickets_must_match_anchor_tickets":"true"}', event_type: 'repeating' }]]);
    // Two admissions at 9:00 (the anchor) and one at 14:00: two walks match, three do not.
    const early = () => ticket('ga', 's9', '2026-06-04T13:00:00Z');
    const late = ticket('ga', 's14', '2026-06-04T18:00:00Z');
    const walk = () => ticket('walk', 'w');
    expect(() => assertAnchored([walk(), walk()], [late, early(), early(), walk(), walk()], withWalk)).not.toThrow();
    expect(() => assertAnchored([walk()], [late, early(), early(), walk(), walk(), walk()], withWalk)).toThrow('Add-on tickets must match the 2 admission tickets in your cart: choose 2.');
    expect(() => assertAnchored([walk()], [early(), walk()], withWalk)).not.toThrow();
    expect(() => assertAnchored([walk()], [early(), early(), walk()], withWalk)).toThrow();
    // Admission changes re-check walks already held; a later admission leaves the anchor as it is.
    expect(() => assertAnchored([early()], [early(), early(), walk()], withWalk)).toThrow('Walk tickets must match your admission tickets');
    expect(() => assertAnchored([], [early(), walk(), walk()], withWalk, [early()])).toThrow('1 ticket for admission and 2 for Walk');
    expect(() => assertAnchored([late], [early(), late, walk()], withWalk)).not.toThrow();
    expect(() => assertAnchored([], [early()], withWalk, [walk()])).not.toThrow();
  });
});
