import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { deliverMail, mailbox } from './auth-harness.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

/**
 * Issue 13 "Access": an order opens to its buyer's identity or to a key of its e-mails, never to
 * its id alone — the complete page's id list, the single read and the QR code alike (docs/checkout.md#calls).
 */
describe.each(dialects())('who may read an order on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  /** A paid order of two adults by a guest with an e-mail address; its confirmation's two links. */
  async function bought(email: string) {
    const c = new CartClient(t.app);
    const cart = await c.create([0, 1].map(() => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) })));
    const cartId = cart.body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    await deliverMail(t);
    const text = (await mailbox(t.app, email)).find((m) => m.subject.startsWith('Your tickets'))!.text;
    const tickets = new URL(/View and print your tickets: (\S+)/.exec(text)![1]);
    const manage = new URL(/Manage your order: (\S+)/.exec(text)![1]);
    const scanCodes = (paid.body.ticket._data as { scan_code: string }[]).map((x) => x.scan_code);
    return { c, orderId: paid.body.ticket_order._data[0].id as string, tickets, key: manage.searchParams.get('key')!, scanCodes };
  }

  const get = (c: CartClient | null, url: string) => t.app.inject({ method: 'GET', url, headers: { app: 'ecomm', ...(c?.cookie ? { cookie: c.cookie } : {}) } });

  it("the confirmation's tickets link carries the order's key, the same as its manage link", async () => {
    const mine = await bought('links@example.com');
    expect(mine.tickets.pathname).toBe('/checkout/complete');
    expect(mine.tickets.searchParams.get('orderIds')).toBe(mine.orderId);
    expect(mine.tickets.searchParams.get('key')).toBe(mine.key);
  });

  it.each(['/api', '/cached_api'])('a stranger (another identity, no key) gets nothing from %s: no order in the id list, 404 for the order and its QR code', async (prefix) => {
    const mine = await bought(`stranger${prefix.length}@example.com`);
    const stranger = new CartClient(t.app);
    await stranger.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
    expect(stranger.cookie).toBeTruthy();

    for (const who of [stranger, null]) {
      const list = await get(who, `${prefix}/ticket_order?id._in=${mine.orderId}&_embed=ticket.ticket_type,ticket.event_session`);
      expect(list.statusCode).toBe(200);
      expect(list.json().ticket_order._data).toEqual([]);
      expect(list.headers['cache-control']).toBe('private, no-cache');
      for (const code of mine.scanCodes) expect(list.body).not.toContain(code);
      expect(list.body).not.toContain('Ada');

      const qr = await get(who, `${prefix}/ticket_order/${mine.orderId}/qrcode?margin=4`);
      expect(qr.statusCode).toBe(404);
      expect(qr.json()._data[0]).toMatchObject({ _code: 'not_found', _description: 'We could not find that order.' });
      // The same answer as for an order that does not exist: nothing is revealed.
      expect((await get(who, `${prefix}/ticket_order/0190aaaa-0000-7000-8000-000000000000/qrcode`)).json()).toEqual(qr.json());
    }
    const one = await get(stranger, `/api/ticket_order/${mine.orderId}?_embed=ticket`);
    expect(one.statusCode).toBe(404);
    expect(one.json()._data[0]).toMatchObject({ _code: 'not_found', _description: 'We could not find that order.' });
    for (const code of mine.scanCodes) expect(one.body).not.toContain(code);
    // A key of another order opens nothing of this one.
    const other = await bought(`other${prefix.length}@example.com`);
    const wrong = await get(stranger, `${prefix}/ticket_order?id._in=${mine.orderId},${other.orderId}&key=${encodeURIComponent(other.key)}`);
    expect(wrong.json().ticket_order._data.map((o: { id: string }) => o.id)).toEqual([other.orderId]);
    expect((await get(stranger, `${prefix}/ticket_order/${mine.orderId}/qrcode?key=${encodeURIComponent(other.key)}`)).statusCode).toBe(404);
  });

  it.each(['/api', '/cached_api'])('the key opens the order in any browser on %s: the id list with its scan codes, and the QR code (private)', async (prefix) => {
    const mine = await bought(`keyed${prefix.length}@example.com`);
    const elsewhere = new CartClient(t.app);
    const list = await get(elsewhere, `${prefix}/ticket_order?id._in=${mine.orderId}&key=${encodeURIComponent(mine.key)}&_embed=ticket`);
    expect(list.statusCode).toBe(200);
    expect(list.json().ticket_order._data.map((o: { id: string }) => o.id)).toEqual([mine.orderId]);
    expect(list.json().ticket._data.map((x: { scan_code: string }) => x.scan_code).sort()).toEqual([...mine.scanCodes].sort());
    expect(list.headers['cache-control']).toBe('private, no-cache');
    // Revalidated by ETag.
    const again = await t.app.inject({ method: 'GET', url: `${prefix}/ticket_order?id._in=${mine.orderId}&key=${encodeURIComponent(mine.key)}&_embed=ticket`, headers: { 'if-none-match': String(list.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const qr = await get(elsewhere, `${prefix}/ticket_order/${mine.orderId}/qrcode?margin=4&key=${encodeURIComponent(mine.key)}`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.headers['cache-control']).toBe('private, no-cache');
    expect((await get(elsewhere, `/api/ticket_order/${mine.orderId}?key=${encodeURIComponent(mine.key)}`)).statusCode).toBe(200);
  });

  it("the buyer's own browser reads on /api without a key; /cached_api reads no cookies, so there only the key opens it", async () => {
    const mine = await bought('owner@example.com');
    const list = await get(mine.c, `/api/ticket_order?id._in=${mine.orderId}&_embed=ticket`);
    expect(list.json().ticket._data.map((x: { scan_code: string }) => x.scan_code).sort()).toEqual([...mine.scanCodes].sort());
    expect((await get(mine.c, `/api/ticket_order/${mine.orderId}/qrcode`)).statusCode).toBe(200);
    expect((await get(mine.c, `/api/ticket_order/${mine.orderId}`)).statusCode).toBe(200);
    expect((await get(mine.c, `/cached_api/ticket_order?id._in=${mine.orderId}`)).json().ticket_order._data).toEqual([]);
    expect((await get(mine.c, `/cached_api/ticket_order/${mine.orderId}/qrcode`)).statusCode).toBe(404);
  });
});
