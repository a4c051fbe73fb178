import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { walletItems } from '../src/wallet/wallet-items.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

// docs/catalog.md: event meta ticket_date_time on the e-mail and the wallet pass; image no_cropping in the page's shell.
const GA_0604_18 = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('ticket_date_time on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  async function paidOrder(email: string) {
    const c = new CartClient(t.app);
    const cart = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }]);
    const cartId = cart.body.cart._data[0].id;
    const user = await c.call('POST', '/api/user', { first_name: 'Dee', last_name: 'Ate', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    expect((await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } })).body.outcome).toBe('completed');
    const mail = await t.db.selectFrom('outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
    const order = await t.db.selectFrom('ticket_order').selectAll().where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    return { text: mail.text_body, pass: (await walletItems(t.db, order, {})).items[0] };
  }

  it('by default the e-mail and the pass show the day and the time', async () => {
    const { text, pass } = await paidOrder('datetime@example.com');
    expect(text).toContain('General Admission — Thu, Jun 4, 2026 at 6:00 PM — Adult');
    expect(pass).toMatchObject({ kind: 'ticket', showsTime: true });
  });

  it('"date" shows the day only', async () => {
    await t.db.updateTable('event_template').set({ meta: JSON.stringify({ ticket_date_time: 'date' }) }).where('id', '=', ids.event('ga')).execute();
    const { text, pass } = await paidOrder('date@example.com');
    expect(text).toContain('General Admission — Thu, Jun 4, 2026 — Adult');
    expect(pass).toMatchObject({ kind: 'ticket', showsTime: false });
  });
});
