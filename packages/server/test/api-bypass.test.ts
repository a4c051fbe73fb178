import { MEMBERSHIP_TEXT, SELF_EDIT_TEXT, TERMS_NOT_ACCEPTED_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { books } from './books.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { giveMembership } from './membership-harness.js';
import { paidOrderWithKey } from './paid-order.js';
import { dialects, testApp, type TestApp } from './harness.js';

const A = '2026-06-04T14:00:00.000Z'; // GA 10:00 local
const B = '2026-06-04T18:00:00.000Z'; // GA 14:00 local

/**
 * docs/architecture.md "Rules and where they are enforced": for each rule the storefront checks,
 * the request it would never send, refused by the server with the documented code — and the books
 * (capacity, ticket states, orders, payments and refunds, gift cards, code uses, allowances,
 * accounts) exactly as they were before it.
 */
describe.each(dialects())('requests the storefront never sends, on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url } });
    ids = await catalogIds(t.db);
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify({ categories: ['Admission', 'Tours'], horizon_hours: 2 }) }).execute();
    // docs/events.md#field-rules: names asked by a group's meta (the Hot Session's entry) and e-mails by an event's (the Hot Session).
    await t.db.updateTable('ticket_group').set({ meta: JSON.stringify({ admit_names: 'required' }) }).where('id', '=', ids.group('hot', 'hot')).execute();
    const { meta } = await t.db.selectFrom('event_template').select('meta').where('id', '=', ids.event('hot')).executeTakeFirstOrThrow();
    await t.db.updateTable('event_template').set({ meta: JSON.stringify({ ...JSON.parse(meta), admit_emails: 'required' }) }).where('id', '=', ids.event('hot')).execute();
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const snapshot = () => books(t, fake.refunds.length);
  const line = (type: string, start: string) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', start) });
  const firstSession = async (event: string) => (await t.db.selectFrom('event_session').select('id').where('event_template_id', '=', ids.event(event)).orderBy('start_datetime').executeTakeFirstOrThrow()).id;
  const refusal = (res: { body: { _data: { _code: string }[] } }) => res.body._data[0];

  describe('self-edit (docs/after-sale.md#who-may-read-or-change-an-order: Cancel and Remove only free tickets; Reschedule not for single events)', () => {
    async function order(email: string, lines: unknown[]) {
      const { paid, orderId, key } = await paidOrderWithKey(t, email, lines);
      return { orderId, key, tickets: paid.body.ticket._data as { id: string; ticket_type_id: string; event_session_id: string }[] };
    }
    const change = (o: { orderId: string; key: string }, body: Record<string, unknown>, c = new CartClient(t.app)) =>
      c.call('POST', `/api/cart/modify?key=${o.key}`, { ticket_order_id: o.orderId, ...body }).then((res) => ({ c, res }));

    it('a paid ticket removed through the manage link (cart/modify, nothing in exchange) is refused; no refund, no place given back', async () => {
      const o = await order('bypass-remove@example.com', [line('adult', A), line('child', A)]);
      const before = await snapshot();
      const { res } = await change(o, { remove: [o.tickets[0].id] });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(refusal(res)).toMatchObject({ _code: 'self_edit_not_allowed', _context: 'cart_remove_tickets', _description: SELF_EDIT_TEXT.contactToReschedule, _extra: { ticket_id: o.tickets[0].id, reason: 'not_free' } });
      // The whole order at once, as the Cancel-order button of a paid order would (it is never shown).
      const all = await change(o, { remove: o.tickets.map((x) => x.id) });
      expect(refusal(all.res)._code).toBe('self_edit_not_allowed');
      expect(await snapshot()).toEqual(before);
    });

    it('a reschedule whose new ticket is then removed (cart/remove) is refused, and a change emptied behind the modify is refused at confirm', async () => {
      const o = await order('bypass-undo@example.com', [line('adult', A)]);
      const { c, res } = await change(o, { remove: [o.tickets[0].id], add: [line('adult', B)] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cartId = res.body.cart._data[0].id as string;
      const fresh = (res.body.ticket._data as { id: string; state: string }[]).find((x) => x.state === 'held')!;
      const before = await snapshot();
      const undo = await c.call('POST', `/api/cart/${cartId}/remove`, { tickets: [fresh.id] });
      expect(undo.status).toBe(403);
      expect(refusal(undo)).toMatchObject({ _code: 'self_edit_not_allowed', _extra: { reason: 'not_free' } });
      expect(await snapshot()).toEqual(before);
      // Confirm re-checks the exchange: with the new ticket gone from the cart (as if released), the free confirm refuses and refunds nothing.
      await t.db.updateTable('ticket').set({ state: 'released' }).where('id', '=', fresh.id).execute();
      const mid = await snapshot();
      const confirm = await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(403);
      expect(refusal(confirm)._code).toBe('self_edit_not_allowed');
      expect(await snapshot()).toEqual(mid);
    });

    it('a paid ticket of a `single` event is not rescheduled', async () => {
      const hot = await firstSession('hot');
      const o = await order('bypass-single@example.com', [{ ticket_type_id: ids.type('adult'), event_session_id: hot, admit_name: 'Ada', admit_email: 'ada@example.org' }]);
      const before = await snapshot();
      const { res } = await change(o, { remove: [o.tickets[0].id], add: [{ ticket_type_id: ids.type('adult'), event_session_id: hot, admit_name: 'Ada', admit_email: 'ada@example.org' }] });
      expect(res.status).toBe(403);
      expect(refusal(res)).toMatchObject({ _code: 'self_edit_not_allowed', _extra: { ticket_id: o.tickets[0].id, reason: 'single_event' } });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('what a reservation needs (docs/events.md#field-rules)', () => {
    it('a group with required survey questions is not held without their answers (the reserve=1 deep link sent none)', async () => {
      const ws = await firstSession('workshop');
      const before = await snapshot();
      const lines = [
        { ticket_type_id: ids.type('adult'), event_session_id: ws, admit_name: 'Ada', admit_email: 'ada@example.org' },
        { ticket_type_id: ids.type('child'), event_session_id: ws },
      ];
      const c = new CartClient(t.app);
      const res = await c.create(lines);
      expect(res.status).toBe(400);
      expect(refusal(res)).toMatchObject({ _code: 'additional_info_validation_failed', _context: 'additional_info', _extra: { field: 'age' } });
      // Answers for another question only are not the required ones.
      const partial = await c.create(lines, { additionalInfo: [{ ticket_group_id: ids.group('workshop', 'ws'), data: { diet: 'vegan' } }] });
      expect(refusal(partial)._code).toBe('additional_info_validation_failed');
      expect(await snapshot()).toEqual(before);
      expect((await c.create(lines, { additionalInfo: [{ ticket_group_id: ids.group('workshop', 'ws'), data: { age: 8 } }] })).status).toBe(200);
    });

    it('names and answers the seller requires after the reserve are checked again at pay: refused before anything is charged or claimed', async () => {
      const group = ids.group('ga', 'general');
      const was = await t.db.selectFrom('ticket_group').select(['meta', 'additional_info_spec']).where('id', '=', group).executeTakeFirstOrThrow();
      const c = new CartClient(t.app);
      const created = await c.create([line('adult', A)]);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const cartId = created.body.cart._data[0].id as string;
      const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email: 'recheck-at-pay@example.com' });
      await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
      const pay = () => c.call('POST', `/api/cart/${cartId}/pay`, { amount: created.body.cart._data[0].cart_fees.total_outstanding, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } });
      const before = await snapshot();
      const intents = fake.intents.size;
      try {
        await t.db.updateTable('ticket_group').set({ meta: JSON.stringify({ admit_names: 'required' }) }).where('id', '=', group).execute();
        const names = await pay();
        expect(names.status, JSON.stringify(names.body)).toBe(400);
        expect(refusal(names)).toMatchObject({ _code: 'validation_failed', _extra: { field: 'admit_name' } });
        await t.db.updateTable('ticket_group').set({ meta: was.meta, additional_info_spec: JSON.stringify({ type: 'object', properties: { zip: { type: 'string', title: 'ZIP code' } }, required: ['zip'] }) }).where('id', '=', group).execute();
        const answers = await pay();
        expect(answers.status, JSON.stringify(answers.body)).toBe(400);
        expect(refusal(answers)).toMatchObject({ _code: 'additional_info_validation_failed', _extra: { field: 'zip' } });
      } finally {
        await t.db.updateTable('ticket_group').set(was).where('id', '=', group).execute();
      }
      expect(fake.intents.size).toBe(intents);
      expect(await snapshot()).toEqual(before);
      expect((await t.db.selectFrom('cart').select('state').where('id', '=', cartId).executeTakeFirstOrThrow()).state).toBe('pending');
    });

    it("names asked by the group's meta (admit_names: required) are required by the server too", async () => {
      const hot = await firstSession('hot');
      const before = await snapshot();
      const res = await new CartClient(t.app).create([{ ticket_type_id: ids.type('adult'), event_session_id: hot }]);
      expect(res.status).toBe(400);
      expect(refusal(res)).toMatchObject({ _code: 'validation_failed', _context: 'reserve', _extra: { field: 'admit_name' } });
      const blank = await new CartClient(t.app).create([{ ticket_type_id: ids.type('student'), event_session_id: hot, admit_name: '   ' }]);
      expect(refusal(blank)._code).toBe('validation_failed');
      expect(await snapshot()).toEqual(before);
    });

    it("e-mails asked by the event's meta (admit_emails: required) are required by the server too", async () => {
      const hot = await firstSession('hot');
      const before = await snapshot();
      const res = await new CartClient(t.app).create([{ ticket_type_id: ids.type('student'), event_session_id: hot, admit_name: 'Ada' }]);
      expect(res.status).toBe(400);
      expect(refusal(res)).toMatchObject({ _code: 'validation_failed', _extra: { field: 'admit_email' } });
      expect(await snapshot()).toEqual(before);
      expect((await new CartClient(t.app).create([{ ticket_type_id: ids.type('student'), event_session_id: hot, admit_name: 'Ada', admit_email: 'ada@example.org' }])).status).toBe(200);
    });
  });

  describe('add-on window and conflict padding (web.upsells.visit_time, pad_pre_start / pad_post_end, conflict_padding)', () => {
    // The Secret Tour made an add-on for these cases and moved to 06-04 11:00–12:00 local; GA is the admission.
    const TOUR_WAS = { start_datetime: '2026-06-02T15:00:00.000Z', end_datetime: '2026-06-02T16:00:00.000Z' };
    const GA_0604_10 = A;
    const GA_0604_18 = '2026-06-04T22:00:00.000Z';
    const GA_0605_10 = '2026-06-05T14:00:00.000Z';
    let tourMeta = '';
    let tourSession = '';
    const setTourMeta = (meta: Record<string, unknown>) => t.db.updateTable('event_template').set({ meta: JSON.stringify(meta) }).where('id', '=', ids.event('secret')).execute();
    beforeAll(async () => {
      tourMeta = (await t.db.selectFrom('event_template').select('meta').where('id', '=', ids.event('secret')).executeTakeFirstOrThrow()).meta;
      tourSession = ids.session('secret', TOUR_WAS.start_datetime);
      await t.db.updateTable('event_session').set({ start_datetime: '2026-06-04T15:00:00.000Z', end_datetime: '2026-06-04T16:00:00.000Z' }).where('id', '=', tourSession).execute();
      await setTourMeta({ upsell: true });
    });
    afterAll(async () => {
      await t.db.updateTable('event_template').set({ meta: tourMeta }).where('id', '=', ids.event('secret')).execute();
      await t.db.updateTable('event_session').set(TOUR_WAS).where('id', '=', tourSession).execute();
    });
    const tour = () => ({ ticket_type_id: ids.type('adult'), event_session_id: tourSession });
    const ga = (start: string) => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', start) });

    it('an add-on held for another day, or before the admission starts, is refused (outside_visit_window); nothing is held', async () => {
      const before = await snapshot();
      const otherDay = await new CartClient(t.app).create([ga(GA_0605_10), tour()]);
      expect(otherDay.status, JSON.stringify(otherDay.body)).toBe(400);
      expect(refusal(otherDay)).toMatchObject({ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _extra: { block_reason: 'outside_visit_window' } });
      expect(await snapshot()).toEqual(before);
      // Added later to a cart that holds only an evening admission (same_date: from the admission's start).
      const c = new CartClient(t.app);
      const held = await c.create([ga(GA_0604_18)]);
      expect(held.status).toBe(200);
      const mid = await snapshot();
      const later = await c.modify(held.body.cart._data[0].id, { add: [tour()] });
      expect(refusal(later)).toMatchObject({ _code: 'rule_blocks_reserve', _extra: { block_reason: 'outside_visit_window' } });
      expect(await snapshot()).toEqual(mid);
    });

    it('timeslot: an add-on after the admission slot is refused; the default same_date accepts it', async () => {
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      const id = uuidv7();
      await t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'upsells.visit_time', value: JSON.stringify('timeslot') }).execute();
      await setTourMeta({ upsell: true, pad_post_end: 0 });
      try {
        const before = await snapshot();
        const res = await new CartClient(t.app).create([ga(GA_0604_10), tour()]);
        expect(refusal(res)).toMatchObject({ _code: 'rule_blocks_reserve', _extra: { block_reason: 'outside_visit_window' } });
        expect(await snapshot()).toEqual(before);
      } finally {
        await t.db.deleteFrom('config_entry').where('id', '=', id).execute();
      }
      const ok = await new CartClient(t.app).create([ga(GA_0604_10), tour()]);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      await setTourMeta({ upsell: true });
    });

    it('an add-on within the conflict padding of the admission (5 minutes by default) is refused (add_on_conflict); category exclusion lifts it', async () => {
      const before = await snapshot();
      // GA 10:00–11:00 plus 5 minutes after; the tour starts at 11:00.
      const res = await new CartClient(t.app).create([ga(GA_0604_10), tour()]);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(refusal(res)).toMatchObject({ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _extra: { block_reason: 'add_on_conflict' } });
      // pad_pre_start / pad_post_end of the add-on's meta override the seller's padding: a larger one still refuses.
      await setTourMeta({ upsell: true, pad_post_end: 30 });
      expect(refusal(await new CartClient(t.app).create([ga(GA_0604_10), tour()]))).toMatchObject({ _extra: { block_reason: 'add_on_conflict' } });
      await setTourMeta({ upsell: true });
      expect(await snapshot()).toEqual(before);
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      const id = uuidv7();
      await t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'upsells.conflict_padding', value: JSON.stringify({ exclude_categories: ['tours'] }) }).execute();
      try {
        const ok = await new CartClient(t.app).create([ga(GA_0604_10), tour()]);
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      } finally {
        await t.db.deleteFrom('config_entry').where('id', '=', id).execute();
      }
    });

    it('an add-on already held is checked again when the admission changes: moving the admission to another day is refused until the add-on goes with it', async () => {
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      const id = uuidv7();
      await t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'upsells.conflict_padding', value: JSON.stringify({ exclude_categories: ['tours'] }) }).execute();
      try {
        const c = new CartClient(t.app);
        const held = await c.create([ga(GA_0604_10), tour()]);
        expect(held.status, JSON.stringify(held.body)).toBe(200);
        const cartId = held.body.cart._data[0].id as string;
        const tickets = held.body.ticket._data as { id: string; event_session_id: string }[];
        const admission = tickets.find((x) => x.event_session_id !== tourSession)!;
        const addOn = tickets.find((x) => x.event_session_id === tourSession)!;
        const before = await snapshot();
        const moved = await c.modify(cartId, { remove: [admission.id], add: [ga(GA_0605_10)] });
        expect(moved.status, JSON.stringify(moved.body)).toBe(400);
        expect(refusal(moved)).toMatchObject({ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _extra: { block_reason: 'outside_visit_window', event_session_id: tourSession, held: true } });
        expect(moved.body._data[0]._description).toContain('Change both in one step');
        expect(await snapshot()).toEqual(before);
        // Removing the morning admission alone leaves the afternoon one as the anchor: the tour, at 11:00, is before the visit.
        const afternoon = await c.modify(cartId, { add: [ga(B)] });
        expect(afternoon.status, JSON.stringify(afternoon.body)).toBe(200);
        const mid = await snapshot();
        const dropped = await c.modify(cartId, { remove: [admission.id] });
        expect(refusal(dropped)).toMatchObject({ _code: 'rule_blocks_reserve', _extra: { block_reason: 'outside_visit_window', held: true } });
        expect(await snapshot()).toEqual(mid);
        // Another admission ticket the same morning keeps the tour in the visit; moving both in one step is fine.
        expect((await c.modify(cartId, { add: [ga(GA_0604_10)] })).status).toBe(200);
        const both = await c.modify(cartId, { remove: [admission.id, addOn.id], add: [ga(GA_0605_10)] });
        expect(both.status, JSON.stringify(both.body)).toBe(200);
      } finally {
        await t.db.deleteFrom('config_entry').where('id', '=', id).execute();
      }
    });
  });

  describe('terms (docs/payments.md#captcha-and-terms: accepted before paying)', () => {
    it('with terms, a pay call that does not accept them is refused (terms_not_accepted) before anything is charged or claimed', async () => {
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      const id = uuidv7();
      await t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'checkout_terms', value: JSON.stringify('Our terms.') }).execute();
      try {
        const c = new CartClient(t.app);
        const cart = await c.create([line('adult', A)]);
        const cartId = cart.body.cart._data[0].id as string;
        const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email: 'no-terms@example.com' });
        await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
        const before = await snapshot();
        const intents = fake.intents.size;
        const body = { amount: cart.body.cart._data[0].cart_fees.total_outstanding, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } };
        for (const terms of [undefined, false]) {
          const res = await c.call('POST', `/api/cart/${cartId}/pay`, { ...body, ...(terms === undefined ? {} : { terms_accepted: terms }) });
          expect(res.status).toBe(400);
          expect(refusal(res)).toMatchObject({ _code: 'terms_not_accepted', _context: 'payment', _description: TERMS_NOT_ACCEPTED_TEXT });
        }
        expect(fake.intents.size).toBe(intents);
        expect(await snapshot()).toEqual(before);
        expect((await t.db.selectFrom('cart').select(['state', 'terms_accepted_at']).where('id', '=', cartId).executeTakeFirstOrThrow())).toEqual({ state: 'pending', terms_accepted_at: null });
      } finally {
        await t.db.deleteFrom('config_entry').where('id', '=', id).execute();
      }
    });
  });

  describe('prevent_membership_updates (docs/memberships.md#4-refusals-error-envelope: member names and e-mails locked)', () => {
    it("a member's name or e-mail changed straight through PUT my/user is refused; the account is as it was", async () => {
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'membership', name: 'prevent_membership_updates', value: 'true' }).execute();
      const user = await createUser(t.db, { email: 'locked-bypass@example.org', first_name: 'Ada', last_name: 'Lovelace' });
      await giveMembership(t, ids, { id: user.id, identity_id: user.identityId }, 'adult', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z');
      const member = new Browser(t.app, '10.77.0.2');
      expect((await member.post('/api/login', { username: 'locked-bypass@example.org', password: PASSWORD })).status).toBe(200);
      const before = await snapshot();
      for (const body of [{ first_name: 'Eve' }, { last_name: 'Byron' }, { email: 'other-bypass@example.org', current_password: PASSWORD }]) {
        const res = await member.call('PUT', '/api/my/user', body);
        expect(res.status, JSON.stringify(res.body)).toBe(403);
        expect(refusal(res)).toMatchObject({ _code: 'member_details_locked', _context: 'user', _description: MEMBERSHIP_TEXT.detailsLocked });
      }
      expect(await snapshot()).toEqual(before);
      await t.db.deleteFrom('config_entry').where('name', '=', 'prevent_membership_updates').execute();
    });
  });

  describe('identity ids are not capabilities (access matrix)', () => {
    it("a member who types someone's e-mail (POST user → 409) learns no name from gift_checkout; a guest naming them learns none either", async () => {
      await createUser(t.db, { email: 'victim-bypass@example.org', first_name: 'Victoria', last_name: 'Hidden' });
      await createUser(t.db, { email: 'snoop-bypass@example.org' });
      const snoop = new Browser(t.app, '10.77.0.1');
      expect((await snoop.post('/api/login', { username: 'snoop-bypass@example.org', password: PASSWORD })).status).toBe(200);
      const cart = await snoop.post('/api/my/cart/modify', { add: [line('adult', A)] });
      const cartId = cart.body.cart._data[0].id as string;
      const before = await snapshot();
      const typed = await snoop.post('/api/user', { first_name: 'X', last_name: 'Y', email: 'victim-bypass@example.org' });
      expect(typed.status).toBe(409);
      expect(refusal(typed)._code).toBe('email_in_use');
      expect(JSON.stringify(typed.body)).not.toMatch(/Victoria|Hidden/);
      const id = (typed.body._data[0]._extra as { identity_id: string }).identity_id;
      const gift = await snoop.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: id });
      expect(JSON.stringify(gift.body)).not.toMatch(/Victoria|Hidden/);
      expect(JSON.stringify((await snoop.get(`/api/my/cart/${cartId}`)).body)).not.toMatch(/Victoria|Hidden/);
      // A guest with only the id (no e-mail typed in this browser): not named at all.
      const guest = new CartClient(t.app);
      const guestCart = await guest.create([line('adult', A)]);
      const named = await guest.call('POST', `/api/cart/${guestCart.body.cart._data[0].id}/guest_checkout`, { guest_identity_id: id });
      expect(named.status).toBe(404);
      expect(JSON.stringify(named.body)).not.toMatch(/Victoria|Hidden|victim-bypass/);
      const giftee = await guest.call('POST', `/api/cart/${guestCart.body.cart._data[0].id}/guest_checkout`, { giftee_identity_id: id });
      expect(JSON.stringify(giftee.body)).not.toMatch(/Victoria|Hidden/);
      const after = await snapshot();
      expect(after.users).toEqual(before.users);
      expect(after.payments).toEqual(before.payments);
    });
  });
});
