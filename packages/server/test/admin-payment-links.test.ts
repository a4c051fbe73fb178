import { describe, expect, it } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { HOT, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import { deliverMail, mailbox, type Browser } from './auth-harness.js';
import { dialects, type TestApp } from './harness.js';

/** Payment-link carts made at the box office (docs/box-office.md), the `cart inject` cart by the same code. */
describe.each(dialects())('payment links by staff on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: DocumentChecker;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));

  it('makes the cart, holds its tickets, answers the single-use link and e-mails it when asked; written to the audit log', async () => {
    const used = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow()).used_capacity;
    const before = await used();
    const res = await desk.post('/api/admin/carts', {
      items: [{ ticket_type: 'adult', session: ids.session('hot', HOT), quantity: 2 }],
      purchaser: { email: 'phone.buyer@example.com', first_name: 'Phone', last_name: 'Buyer' },
      send_email: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/carts', 200, res.body);
    expect(res.body).toMatchObject({ total: '40.00', emailed_to: 'phone.buyer@example.com' });
    expect(res.body.link).toMatch(new RegExp(`/transfer-cart/${res.body.cart_id}\\?key=`));
    expect(await used()).toBe(before + 2);
    const cart = await t.db.selectFrom('cart').select(['injected', 'cart_number']).where('id', '=', res.body.cart_id).executeTakeFirstOrThrow();
    expect([cart.injected, cart.cart_number]).toEqual([1, res.body.cart_number]);
    await deliverMail(t);
    const mails = await mailbox(t.app, 'phone.buyer@example.com');
    expect(mails.map((m) => m.subject)).toEqual([`Your booking ${res.body.cart_number} is ready to pay`]);
    expect(mails[0].text).toContain(res.body.link);

    const quiet = await desk.post('/api/admin/carts', { items: [{ ticket_type: 'adult', session: ids.session('hot', HOT) }] });
    expect(quiet.body).toMatchObject({ total: '20.00', emailed_to: null });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'staff_email']).where('action', '=', 'cart.payment_link').execute();
    expect(audit).toEqual([
      { action: 'cart.payment_link', staff_email: 'desk@example.org' },
      { action: 'cart.payment_link', staff_email: 'desk@example.org' },
    ]);
  });

  it('refuses bad input and an unknown type; door staff may not', async () => {
    for (const body of [{}, { items: [] }, { items: [{ ticket_type: 'adult', quantity: 0 }] }, { items: [{ ticket_type: 'adult' }], send_email: true }, { items: [{ ticket_type: 'nope', session: ids.session('hot', HOT) }] }]) {
      const res = await desk.post('/api/admin/carts', body);
      expect([res.status, res.body._data[0]._code], JSON.stringify(body)).toEqual([400, 'validation_failed']);
    }
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.7.4.1');
    expect((await door.post('/api/admin/carts', { items: [{ ticket_type: 'adult', session: ids.session('hot', HOT) }] })).status).toBe(403);
  });
});
