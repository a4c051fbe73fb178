import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { CartClient, catalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { fakeSiteVerify } from './fake-site-verify.js';

const GA = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('the invisible captcha on %s', (dialect) => {
  let provider: Awaited<ReturnType<typeof fakeSiteVerify>>;
  let t: TestApp;
  beforeAll(async () => {
    provider = await fakeSiteVerify();
  });
  afterAll(() => provider.close());
  afterEach(() => t.close());

  const cartOf = async (client: CartClient | Browser) => {
    const ids = await catalogIds(t.db);
    const res = await client.call('POST', '/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA) }] });
    return res.body.cart._data[0] as { id: string; cart_fees: { total_outstanding: string } };
  };
  const card = (amount: string, captcha?: string) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, ...(captcha ? { captcha } : {}) });

  it('a guest pays only with a captcha answer the provider accepts; nothing is claimed before', async () => {
    t = await testApp(dialect, { env: { CAPTCHA_SECRET_KEY: 'captcha-secret', CAPTCHA_VERIFY_URL: provider.url } });
    const guest = new CartClient(t.app);
    const cart = await cartOf(guest);
    const none = await guest.call('POST', `/api/cart/${cart.id}/pay`, card(cart.cart_fees.total_outstanding));
    expect(none.status).toBe(400);
    expect(none.body._data[0]).toMatchObject({ _code: 'validation_failed', _context: 'captcha' });
    const bad = await guest.call('POST', `/api/cart/${cart.id}/pay`, card(cart.cart_fees.total_outstanding, 'bad'));
    expect(bad.status).toBe(400);
    expect((await t.db.selectFrom('payment').select('id').where('cart_id', '=', cart.id).execute()).length).toBe(0);
    const good = await guest.call('POST', `/api/cart/${cart.id}/pay`, card(cart.cart_fees.total_outstanding, 'good'));
    expect(good.body.outcome).toBe('completed');
    expect(provider.seen.at(-1)).toMatchObject({ secret: 'captcha-secret', response: 'good' });
  });

  it('a logged-in member is not asked', async () => {
    t = await testApp(dialect, { env: { CAPTCHA_SECRET_KEY: 'captcha-secret', CAPTCHA_VERIFY_URL: provider.url } });
    await createUser(t.db, { email: 'member@example.org' });
    const member = new Browser(t.app);
    expect((await member.post('/api/login', { username: 'member@example.org', password: PASSWORD })).status).toBe(200);
    const cart = await cartOf(member);
    const before = provider.seen.length;
    const paid = await member.post(`/api/my/cart/${cart.id}/pay`, card(cart.cart_fees.total_outstanding));
    expect(paid.body.outcome).toBe('completed');
    expect(provider.seen.length).toBe(before);
  });

  it('without a key there is no captcha', async () => {
    t = await testApp(dialect);
    const guest = new CartClient(t.app);
    const cart = await cartOf(guest);
    expect((await guest.call('POST', `/api/cart/${cart.id}/pay`, card(cart.cart_fees.total_outstanding))).body.outcome).toBe('completed');
  });
});
