import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './auth-harness.js';
import { demoOrder, HOT, makeStaff, signedIn } from './admin-harness.js';
import { useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

/**
 * Staff writes that take or give back capacity are capacity writes like the storefront's
 * (docs/box-office.md): once answered, the event's cached answers show the new figures — a refund
 * gives places back, a payment-link cart holds them — not the old ones for the cache's lifetime.
 */
describe.each(dialects())('staff capacity writes and the response cache on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  beforeAll(async () => {
    desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
  });

  const left = async () => {
    const res = await desk.get(`/cached_api/events/${ids.event('hot')}/sessions?_ondate=2026-06-07`);
    return (res.body.event_session._data as { id: string; availableCapacity: number }[]).find((s) => s.id === ids.session('hot', HOT))!.availableCapacity;
  };

  it('a refund and a payment-link cart show in the cached sessions at once', async () => {
    const order = await demoOrder(t, ids, { email: 'cache@example.com' }, 2);
    const before = await left();
    const tickets = (await desk.get(`/api/admin/orders/${order.orderId}`)).body.tickets as { id: string }[];
    expect((await desk.post(`/api/admin/orders/${order.orderId}/refund`, { ticket_ids: [tickets[0].id], reason: 'cache' })).status).toBe(200);
    expect(await left()).toBe(before + 1);
    expect((await desk.post('/api/admin/carts', { items: [{ ticket_type: 'adult', session: ids.session('hot', HOT), quantity: 3 }] })).status).toBe(200);
    expect(await left()).toBe(before - 2);
  });
});
