import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { Browser, codeOf, createUser, deliverMail, mailbox, PASSWORD, resetTokenOf, setLoginMethods } from './auth-harness.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { FakeAddressService } from './fake-address-service.js';
import { paidTickets } from './door-harness.js';
import { responseSchema, type OpenApiPaths } from './openapi-document.js';

/**
 * What is sent is what is documented: every documented JSON call of the test catalog, made on the
 * real app, and each real answer validated against its response schema in /api/openapi.json
 * (object schemas are `additionalProperties: false`, so a field the contract lacks fails here).
 */

const HOT = '2026-06-07T14:00:00.000Z'; // the "hot" session: adult 20.00
const DOOR_TOKEN = 'conformance-door-token-0123456789abcdef';
/** Today's (the fixed clock's) afternoon General Admission session, 14:00 in New York. */
const DOOR_AFTERNOON = '2026-06-01T18:00:00.000Z';
const CART_EMBED = 'identity,ticket.ticket_type,ticket.ticket_group,ticket.event_session,ticket.event_template,ticket_group.meta,event_template.venue,event_template.config,event_template.meta,scheduled_payment,seller';
const ORDER_EMBED = 'ticket.ticket_type,ticket.ticket_group,ticket.event_session,ticket.event_template,event_template.venue,membership,scheduled_payment';

/** Documented calls not made here, and why (none may answer JSON the contract has not checked elsewhere). */
const NOT_CALLED: Record<string, string> = {
  'GET /health': 'no JSON schema (ok / 503)',
  'GET /ready': 'no JSON schema, like /health (ready / 503; operations.test.ts)',
  'GET /openapi.json': 'this document',
  'GET /image/{id}': 'image/webp',
  'GET /events/{id}/live': 'text/event-stream; its messages are checked in live-stream.test.ts',
  'GET /ticket_order/{id}/qrcode': 'image/png',
  'GET /ticket_order/{id}/pkpass': 'application/vnd.apple.pkpass (wallet-passes.test.ts)',
  'GET /ticket_order/{id}/gwpass': 'a 302 to Google Wallet (wallet-passes.test.ts)',
  'POST /wallet/apple/v1/devices/{device}/registrations/{passType}/{serial}': "Apple's pass web service needs Apple Wallet settings; its answers are checked against this document in wallet-updates.test.ts",
  'DELETE /wallet/apple/v1/devices/{device}/registrations/{passType}/{serial}': 'as POST (wallet-updates.test.ts)',
  'GET /wallet/apple/v1/devices/{device}/registrations/{passType}': 'as POST (wallet-updates.test.ts)',
  'GET /wallet/apple/v1/passes/{passType}/{serial}': 'application/vnd.apple.pkpass (wallet-updates.test.ts)',
  'POST /wallet/apple/v1/log': 'as POST registrations (wallet-updates.test.ts)',
  'GET /membership/{id}/qrcode': 'image/png (membership-purchase.test.ts)',
  'POST /payments/stripe/webhook': 'registered with Stripe only; signed raw events (stripe-payments.test.ts)',
  'POST /auth0/start': 'needs an OpenID Connect provider (auth-oidc.test.ts)',
  'POST /auth0/callback': 'needs an OpenID Connect provider (auth-oidc.test.ts)',
};

type Json = Record<string, unknown>;

/** The document with `#/components/schemas/…` references inlined and per-schema `$schema` keys dropped. */
function inlined(doc: Json): Json {
  const components = (doc.components as { schemas: Record<string, unknown> }).schemas;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return walk(components[ref.slice('#/components/schemas/'.length)]);
    return Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$schema').map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as Json;
}

describe.each(dialects())('answers conform to /api/openapi.json on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let paths: OpenApiPaths;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const called = new Set<string>();
  const failures: string[] = [];
  let ip = 0;
  const browser = () => new Browser(t.app, `10.9.0.${++ip}`);

  const addressService = new FakeAddressService();
  beforeAll(async () => {
    await addressService.start();
    t = await testApp(dialect, { env: { ADDRESS_LOOKUP_KEY: addressService.key, ADDRESS_LOOKUP_URL: addressService.url, FOYER_STAFF_TOKENS: `Anna:${DOOR_TOKEN}` } });
    ids = await catalogIds(t.db);
    paths = inlined((await browser().get('/api/openapi.json')).body).paths as typeof paths;
  });
  afterAll(async () => {
    await t.close();
    await addressService.stop();
  });
  beforeEach(() => {
    failures.length = 0;
  });

  /** Calls and checks: the status is the expected one and the body matches the documented schema of that status. */
  async function call(b: Browser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', documented: string, url: string, payload?: unknown, status = 200) {
    const res = await b.call(method, `/api${url}`, payload);
    const op = `${method} ${documented}`;
    called.add(op);
    expect(res.status, `${op}: ${JSON.stringify(res.body)}`).toBe(status);
    const schema = responseSchema(paths, method, documented, status);
    if (!schema) failures.push(`${op} ${status}: no JSON schema documented`);
    else if (!ajv.validate(schema, res.body)) failures.push(`${op} ${status}: ${ajv.errorsText(ajv.errors, { dataVar: 'body' })}`);
    return res.body;
  }

  it('the catalog reads', async () => {
    const b = browser();
    const ga = ids.event('ga');
    const body = { ticket_types_required: [{ ticket_type_id: ids.type('adult'), quantity: 1 }] };
    await call(b, 'GET', '/events/available', '/events/available?_embed=venue,image');
    await call(b, 'GET', '/events/{id}', `/events/${ga}?_embed=venue,ticket_group,ticket_type,ticket_group_rule,message_rule,config,meta`);
    await call(b, 'GET', '/events/{id}/sessions', `/events/${ga}/sessions?_ondate=2026-06-02`);
    await call(b, 'POST', '/events/{id}/sessions', `/events/${ga}/sessions?_ondate=2026-06-02`, body);
    await call(b, 'GET', '/events/{id}/sessions/{sessionId}', `/events/${ids.event('hot')}/sessions/${ids.session('hot', HOT)}?_embed=venue,ticket_group,ticket_type`);
    await call(b, 'GET', '/events/{id}/sessions/{sessionId}', `/events/${ga}/sessions/nope`, undefined, 404);
    await call(b, 'GET', '/event_template', `/event_template?id._in=${ga}&_embed=meta,venue`);
    await call(b, 'GET', '/events/{id}/calendar', `/events/${ga}/calendar?_format=extended`);
    await call(b, 'POST', '/events/{id}/calendar', `/events/${ga}/calendar`, body);
    await call(b, 'POST', '/events/{id}/pricecheck', `/events/${ga}/pricecheck`, body);
    await call(b, 'GET', '/ticket_group/{id}', `/ticket_group/${ids.group('ga', 'general')}`);
    await call(b, 'GET', '/membership_rules', '/membership_rules');
    await call(b, 'GET', '/membership_levels', '/membership_levels');
    await call(b, 'GET', '/config', '/config?_embed=seller');
    await call(b, 'GET', '/events/{id}', '/events/01900000-0000-7000-8000-000000000000', undefined, 404);
    // The test catalog has no seated event: its 200 answers are checked against this document in seat-map.test.ts.
    await call(b, 'GET', '/events/{id}/sessions/{sessionId}/seat_map', `/events/${ga}/sessions/${ids.session('hot', HOT)}/seat_map?_withgeometry=true`, undefined, 404);
    expect(failures).toEqual([]);
  });

  it('carts, checkout, paying, gift cards and orders', async () => {
    const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) });
    const card = (amount: string, number: string = DEMO_CARDS.success) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: number } });
    for (const prefix of ['/my/cart', '/cart']) {
      const b = browser();
      const made = (await call(b, 'POST', `${prefix}/modify`, `${prefix}/modify`, { add: [adult()] })) as { cart: { _data: { id: string }[] } };
      const cartId = made.cart._data[0].id;
      await call(b, 'POST', `${prefix}/{id}/modify`, `${prefix}/${cartId}/modify?_embed=${CART_EMBED}`, { add: [adult()] });
      const read = (await call(b, 'GET', `${prefix}/{id}`, `${prefix}/${cartId}?_embed=${CART_EMBED}`)) as { ticket: { _data: { id: string }[] } };
      await call(b, 'POST', `${prefix}/{id}/remove`, `${prefix}/${cartId}/remove`, { tickets: [read.ticket._data[0].id] });
      await call(b, 'POST', `${prefix}/{id}/modify`, `${prefix}/${cartId}/modify`, { add: [{ ticket_type_id: 'nope' }] }, 400);
      await call(b, 'DELETE', `${prefix}/{id}`, `${prefix}/${cartId}`);

      const guest = (await call(b, 'POST', '/user', '/user?_embed=identity', { first_name: 'Guest', last_name: 'Buyer', email: `guest${prefix.length}@example.org` })) as {
        identity: { _data: { id: string }[] };
      };
      const second = (await call(b, 'POST', `${prefix}/modify`, `${prefix}/modify`, { add: [adult()] })) as { cart: { _data: { id: string }[] } };
      const secondId = second.cart._data[0].id;
      await call(b, 'POST', `${prefix}/{id}/guest_checkout`, `${prefix}/${secondId}/guest_checkout`, { guest_identity_id: guest.identity._data[0].id });
      await call(b, 'POST', `${prefix}/{id}/pay`, `${prefix}/${secondId}/pay`, card('20.00', DEMO_CARDS.card_declined), 402);
      await call(b, 'POST', `${prefix}/{id}/pay`, `${prefix}/${secondId}/pay`, card('10.00'));
      const paid = (await call(b, 'POST', `${prefix}/{id}/pay`, `${prefix}/${secondId}/pay`, card('10.00'))) as { ticket_order: { _data: { id: string }[] } };
      const orderId = paid.ticket_order._data[0].id;
      await call(b, 'GET', '/ticket_order/{id}', `/ticket_order/${orderId}?_embed=${ORDER_EMBED}`);
      await call(b, 'GET', '/ticket_order', `/ticket_order?id._in=${orderId}&_embed=${ORDER_EMBED.replace(',membership', '')}`);
      await call(b, 'POST', '/ticket_order/{id}/email', `/ticket_order/${orderId}/email`, {});
      await call(b, 'GET', '/ticket_order/{id}/walletprecheck', `/ticket_order/${orderId}/walletprecheck`);
      await call(b, 'POST', '/ticket_order/{id}/cancel', `/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: 'not-in-this-order' }] }, 404);
      await call(browser(), 'POST', '/ticket_order/resend', '/ticket_order/resend', { email: `nobody-${prefix.length}@example.com` }, 404);
      await call(browser(), 'POST', '/my/ticket_order/resend', '/my/ticket_order/resend', { memberships_only: true }, 401);
      await call(browser(), 'POST', '/checkin', '/checkin', { scan_code: 'X' }, 401);
      await call(browser(), 'POST', '/client_error', '/client_error', { source: 'window_error', message: 'x is undefined', page: '/events' });
      await call(browser(), 'GET', '/my/order_session', '/my/order_session', undefined, 401);
      await call(browser(), 'GET', '/my/ticket_order', '/my/ticket_order', undefined, 401);
      await call(browser(), 'GET', '/ticket_order/{id}', `/ticket_order/${orderId}`, undefined, 404);
    }

    // A gift card bought, read, then spent; a payment that asks for confirmation.
    const b = browser();
    const giftCart = (await call(b, 'POST', '/my/cart/modify', '/my/cart/modify', { add: [{ ticket_type_id: ids.type('gift25') }] })) as { cart: { _data: { id: string }[] } };
    const bought = (await call(b, 'POST', '/cart/{id}/pay', `/cart/${giftCart.cart._data[0].id}/pay`, card('25.00'))) as { ticket: { _data: { id: string }[] } };
    const { number } = await t.db.selectFrom('ledger').select('number').where('ticket_id', '=', bought.ticket._data[0].id).executeTakeFirstOrThrow();
    await call(b, 'GET', '/ledger/{ledgerType}/{number}', `/ledger/giftcard/${number}`);
    await call(b, 'GET', '/ledger/{ledgerType}/{number}', '/ledger/giftcard/NOSUCHCARD', undefined, 404);
    const spend = (await call(b, 'POST', '/my/cart/modify', '/my/cart/modify', { add: [adult(), adult()] })) as { cart: { _data: { id: string }[] } };
    const spendId = spend.cart._data[0].id;
    // Kept on the cart until paid (docs/payments.md "Gift cards").
    await call(b, 'POST', '/cart/{id}/gift_card', `/cart/${spendId}/gift_card`, { number });
    await call(b, 'DELETE', '/my/cart/{id}/gift_card/{number}', `/my/cart/${spendId}/gift_card/${number}`);
    await call(b, 'POST', '/my/cart/{id}/gift_card', `/my/cart/${spendId}/gift_card`, { number });
    await call(b, 'DELETE', '/cart/{id}/gift_card/{number}', `/cart/${spendId}/gift_card/${number}`);
    await call(b, 'POST', '/cart/{id}/pay', `/cart/${spendId}/pay`, { amount: '25.00', gateway_id: 'ledger', gateway_data: { number } });
    const action = (await call(b, 'POST', '/cart/{id}/pay', `/cart/${spendId}/pay`, card('15.00', DEMO_CARDS.requires_action), 402)) as { _data: { _extra: { payment_intent_id: string } }[] };
    // Returns from a payment redirect (Stripe only; its answers: stripe-redirect-methods.test.ts): no such payment here.
    await call(b, 'POST', '/cart/{id}/payment_return', `/cart/${spendId}/payment_return`, { payment_intent_client_secret: 'pi_none_secret_none' }, 404);
    await call(b, 'POST', '/payments/demo/{reference}/confirm', `/payments/demo/${action._data[0]._extra.payment_intent_id}/confirm`, {});

    // A staff-created cart taken over with its payment link's key.
    const injected = await injectFromRequest(t.db, t.dialect, await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=1`]), 'https://shop.example', t.clock.now);
    const key = new URL(injected.link).searchParams.get('key')!;
    await call(browser(), 'POST', '/cart/{id}/transfer', `/cart/${injected.cartId}/transfer?_embed=scheduled_payment`, { key });
    const again = await injectFromRequest(t.db, t.dialect, await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=1`]), 'https://shop.example', t.clock.now);
    await call(browser(), 'POST', '/my/cart/{id}/transfer', `/my/cart/${again.cartId}/transfer`, { key: new URL(again.link).searchParams.get('key')! });
    expect(failures).toEqual([]);
  });

  it('promotions (promotions.test.ts has the codes that work)', async () => {
    for (const prefix of ['/my/cart', '/cart']) {
      const b = browser();
      const made = (await call(b, 'POST', `${prefix}/modify`, `${prefix}/modify`, { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }] })) as { cart: { _data: { id: string }[] } };
      await call(b, 'POST', `${prefix}/{id}/apply_code`, `${prefix}/${made.cart._data[0].id}/apply_code`, { code: 'NOSUCHCODE', require_benefit: true }, 404);
    }
    await call(browser(), 'GET', '/code/{code}', '/code/NOSUCHCODE?mode=advertise', undefined, 404);
    expect(failures).toEqual([]);
  });

  it('accounts, members, recovery and gifts', async () => {
    await setLoginMethods(t.db, ['password', 'otp', 'scan_code']);
    await createUser(t.db, { email: 'member@example.org', scan_code: 'M-1', zip_code: '10001' });
    const b = browser();
    await call(b, 'GET', '/login/providers', '/login/providers');
    await call(b, 'GET', '/my/user', '/my/user', undefined, 401);
    await call(b, 'POST', '/login', '/login', { username: 'member@example.org', password: 'wrong-Password-1' }, 401);
    await call(b, 'POST', '/login', '/login?_embed=identity,identity.meta', { username: 'member@example.org', password: PASSWORD });
    const me = (await call(b, 'GET', '/my/user', '/my/user?_embed=identity,identity.meta')) as { user: { _data: { id: string }[] } };
    await call(b, 'PUT', '/my/user', '/my/user', { first_name: 'Ada' });
    await call(b, 'PATCH', '/my/user/{id}', `/my/user/${me.user._data[0].id}?_embed=meta`, { last_name: 'Byron' });

    const cart = (await call(b, 'POST', '/my/cart/modify', '/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }] })) as {
      cart: { _data: { id: string }[] };
    };
    const cartId = cart.cart._data[0].id;
    const giftee = (await call(b, 'POST', '/giftee', '/giftee', { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' })) as { identity_id: string };
    await call(b, 'POST', '/my/cart/{id}/gift_checkout', `/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: giftee.identity_id });
    await call(b, 'POST', '/my/cart/{id}/checkout', `/my/cart/${cartId}/checkout`, {});
    await call(b, 'POST', '/my/cart/{id}/pay', `/my/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    await call(b, 'POST', '/my/cart/{id}/payment_return', `/my/cart/${cartId}/payment_return`, { payment_intent_client_secret: 'pi_none_secret_none' }, 404);
    // A gift code's lookup (the test catalog sells no membership: a code row straight in the database).
    const bought = await t.db.selectFrom('ticket').select(['id', 'seller_id', 'ticket_type_id', 'ticket_order_id']).where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    const nowIso = t.clock.now.toISOString();
    await t.db.insertInto('membership_gift').values({ id: 'gift-1', seller_id: bought.seller_id, code: 'ABCDEFGHJK', ticket_type_id: bought.ticket_type_id, value: 2000, ticket_order_id: bought.ticket_order_id!, ticket_id: bought.id, giver_identity_id: null, giftee_identity_id: null, email_giftee_on: null, giftee_mailed_at: null, valid_from: nowIso, valid_to: '2099-01-01T00:00:00.000Z', held_ticket_id: null, redeemed_at: null, redeemed_order_id: null, membership_id: null, created_at: nowIso }).execute();
    await call(b, 'GET', '/membership_gift/{code}', '/membership_gift/abcde-fghjk');
    await call(b, 'GET', '/membership_gift/{code}', '/membership_gift/ZZZZZZZZZZ', undefined, 404);
    await call(b, 'GET', '/ticket_order/{id}', `/ticket_order/${bought.ticket_order_id}?_embed=membership,membership_gift`);
    await call(b, 'GET', '/my/identity/saved_payment_method', '/my/identity/saved_payment_method');
    await call(b, 'DELETE', '/ticket_order/{id}/auto_renew', `/ticket_order/${bought.ticket_order_id}/auto_renew`, undefined, 409);
    await call(b, 'POST', '/logout', '/logout', {});

    const member = browser();
    await call(member, 'POST', '/login', '/login', { scan_code: 'M-1', zip_code: '10001' });
    await call(member, 'GET', '/my/membership', '/my/membership?_embed=role,identity_link,ticket,ticket_order,ticket_type,event_template,ticket_group');
    await call(member, 'GET', '/my/member_allowance', `/my/member_allowance?event_session_id=${ids.session('hot', HOT)}`);
    const otp = (await call(browser(), 'POST', '/login/request_otp', '/login/request_otp', { email: 'member@example.org' })) as { token: string };
    await deliverMail(t);
    const code = codeOf((await mailbox(t.app, 'member@example.org'))[0].text)!;
    t.clock.advance(6_000); // the passcode is usable once it could have arrived (OTP_RETRY_AFTER_S)
    await call(browser(), 'POST', '/login', '/login', { method: 'otp', token: otp.token, otp: code });
    await call(browser(), 'GET', '/dev/mailbox', '/dev/mailbox?to=member@example.org');

    await call(browser(), 'POST', '/password_reset/request', '/password_reset/request', { email: 'member@example.org' });
    await deliverMail(t);
    const token = decodeURIComponent(resetTokenOf((await mailbox(t.app, 'member@example.org'))[0].text)!);
    await call(browser(), 'POST', '/password_reset/validate', '/password_reset/validate', { token });
    await call(browser(), 'POST', '/password_reset/reset', '/password_reset/reset', { token, password: 'Another-Horse-7' });
    await call(browser(), 'POST', '/password_reset/validate', '/password_reset/validate', { token: 'not-a-token' }, 404);
    await call(browser(), 'POST', '/forgot_membership', '/forgot_membership', { email: 'member@example.org' });
    await call(browser(), 'POST', '/user', '/user', { first_name: 'New', last_name: 'Member', email: 'new@example.org', password: PASSWORD });
    await call(browser(), 'POST', '/user', '/user', { first_name: '', last_name: 'X', email: 'nope' }, 400);
    expect(failures).toEqual([]);
  });

  it('address lookup (against a local fake of the service)', async () => {
    const b = browser();
    await call(b, 'GET', '/address/find', '/address/find?text=53rd%20street&country=us');
    await call(b, 'GET', '/address/find', `/address/find?container=${encodeURIComponent('US|C1')}&country=us`);
    await call(b, 'GET', '/address/retrieve', `/address/retrieve?id=${encodeURIComponent('US|2')}`);
    await call(b, 'GET', '/address/find', '/address/find?text=ab&country=us', undefined, 400);
    await call(b, 'GET', '/address/find', '/address/find?text=outage%20lane&country=us', undefined, 502);
    expect(failures).toEqual([]);
  });

  it("the door screen's calls: a scanner token's answers, and refusals without one", async () => {
    const s = '/door/sessions/{id}';
    const door = () => new Browser(t.app, `10.9.1.${++ip}`, { authorization: `Bearer ${DOOR_TOKEN}` });
    const { codes, ids: ticketIds } = await paidTickets(t, `ga@${DOOR_AFTERNOON}`, 3, { first: 'Ada', last: 'Conform' });
    const today = (await call(door(), 'GET', '/door/sessions', '/door/sessions')) as { door_session: { _data: { id: string; start_datetime: string }[] } };
    const session = today.door_session._data.find((x) => x.start_datetime === DOOR_AFTERNOON)!.id;
    await call(door(), 'GET', '/door/sessions', `/door/sessions?event=${ids.event('ga')}`);
    await call(door(), 'GET', `${s}/list`, `/door/sessions/${session}/list`);
    const admitted = (await call(door(), 'POST', `${s}/scan`, `/door/sessions/${session}/scan`, { scan_code: codes[0] })) as { door_scan: { outcome: string; scan_id: string } };
    expect(admitted.door_scan.outcome).toBe('admitted');
    await call(door(), 'POST', `${s}/scan`, `/door/sessions/${session}/scan`, { scan_code: codes[0] });
    await call(door(), 'POST', `${s}/scan`, `/door/sessions/${session}/scan`, { scan_code: 'NO-SUCH-CODE' });
    await call(door(), 'GET', `${s}/status`, `/door/sessions/${session}/status`);
    await call(door(), 'POST', `${s}/undo`, `/door/sessions/${session}/undo`, { scan_id: admitted.door_scan.scan_id });
    await call(door(), 'GET', `${s}/lookup`, `/door/sessions/${session}/lookup?q=conform`);
    await call(door(), 'POST', `${s}/admit`, `/door/sessions/${session}/admit`, { ticket_ids: [ticketIds[1]] });
    await call(door(), 'POST', `${s}/sync`, `/door/sessions/${session}/sync`, { scans: [{ client_id: 'conformance-1', scan_code: codes[2], scanned_at: t.clock.now.toISOString() }, { client_id: 'conformance-2', scan_code: codes[1], scanned_at: t.clock.now.toISOString() }] });
    await call(door(), 'POST', `${s}/undo`, `/door/sessions/${session}/undo`, { scan_id: admitted.door_scan.scan_id }, 409);
    await call(door(), 'GET', `${s}/status`, '/door/sessions/nope/status', undefined, 404);
    await call(door(), 'POST', `${s}/scan`, `/door/sessions/${session}/scan`, {}, 400);
    await call(browser(), 'GET', '/door/sessions', '/door/sessions', undefined, 401);
    await call(browser(), 'GET', `${s}/list`, '/door/sessions/x/list', undefined, 401);
    await call(browser(), 'GET', `${s}/status`, '/door/sessions/x/status', undefined, 401);
    await call(browser(), 'GET', `${s}/lookup`, '/door/sessions/x/lookup?q=ada', undefined, 401);
    await call(browser(), 'POST', `${s}/scan`, '/door/sessions/x/scan', { scan_code: 'X' }, 401);
    await call(browser(), 'POST', `${s}/undo`, '/door/sessions/x/undo', { scan_id: 'X' }, 401);
    await call(browser(), 'POST', `${s}/admit`, '/door/sessions/x/admit', { ticket_ids: ['X'] }, 401);
    await call(browser(), 'POST', `${s}/sync`, '/door/sessions/x/sync', { scans: [] }, 401);
    expect(failures).toEqual([]);
  });

  it('called every documented call but the ones listed with a reason', () => {
    // The box office's calls (tag admin) are checked against this document by the admin-*.test.ts files.
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops ?? {}).filter(([, op]) => !op?.tags?.includes('admin')).map(([m]) => `${m.toUpperCase()} ${path}`));
    expect(documented.filter((op) => !called.has(op) && !NOT_CALLED[op])).toEqual([]);
  });
});
