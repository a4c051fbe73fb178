import { ADMIT_NAME_PART_MAX } from '@foyer/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './auth-harness.js';
import { demoOrder, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

type Ticket = { id: string; state: string; admit_name: string | null };

/** The box office corrects an attendee's name on a ticket (docs/box-office.md, Attendee names). */
describe.each(dialects())('attendee names from the box office on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let admin: Browser;
  let checker: DocumentChecker;
  let order: Awaited<ReturnType<typeof demoOrder>>;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));
  beforeAll(async () => {
    admin = await signedIn(t, await makeStaff(t, 'boss@example.org', 'admin'), '10.7.0.9');
    order = await demoOrder(t, ids, { email: 'names@example.com' }, 2);
  });

  const tickets = async () => (await desk.get(`/api/admin/orders/${order.orderId}`)).body.tickets as Ticket[];
  const rename = (ticketId: string, body: unknown, orderId = order.orderId, b = desk) => b.call('PATCH', `/api/admin/orders/${orderId}/tickets/${ticketId}`, body);

  it('sets the first and last name, trimmed and joined, on that ticket only; the order keeps the change in its audit log and timeline', async () => {
    const [first, second] = await tickets();
    const res = await rename(first.id, { first_name: '  Ada ', last_name: 'Lovelace ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('PATCH', '/admin/orders/{id}/tickets/{ticketId}', 200, res.body);
    expect(res.body.admin_ticket).toMatchObject({ id: first.id, admit_name: 'Ada Lovelace', state: 'booked' });
    const now = await tickets();
    expect(now.find((x) => x.id === first.id)!.admit_name).toBe('Ada Lovelace');
    expect(now.find((x) => x.id === second.id)!.admit_name).toBe(second.admit_name);

    const audit = (await admin.get(`/api/admin/audit?action=ticket.rename&object_id=${order.orderId}`)).body.audit_entry._data;
    expect(audit).toEqual([expect.objectContaining({ staff_email: 'desk@example.org', object_type: 'order', before: { ticket_id: first.id, admit_name: first.admit_name }, after: { ticket_id: first.id, admit_name: 'Ada Lovelace' } })]);
    const timeline = (await desk.get(`/api/admin/orders/${order.orderId}`)).body.timeline as { what: string; by: string | null }[];
    expect(timeline).toContainEqual({ at: expect.any(String), what: 'ticket.rename', by: 'desk@example.org' });
  });

  it("refuses names past the storefront's limits, missing, empty or with other fields (400, nothing changed)", async () => {
    const [first] = await tickets();
    const long = 'x'.repeat(ADMIT_NAME_PART_MAX + 1);
    for (const bad of [{ first_name: long, last_name: 'Ok' }, { first_name: 'Ok', last_name: long }, { first_name: 'Ok' }, { first_name: '   ', last_name: 'Ok' }, { first_name: 'Ok', last_name: 'Ok', admit_email: 'a@b.c' }, { first_name: 3, last_name: 'Ok' }, 'Ada Lovelace']) {
      const res = await rename(first.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body._data[0]._code, JSON.stringify(bad)).toBe('validation_failed');
    }
    const fits = 'y'.repeat(ADMIT_NAME_PART_MAX);
    expect((await rename(first.id, { first_name: fits, last_name: fits })).body.admin_ticket.admit_name).toBe(`${fits} ${fits}`);
    expect((await tickets()).find((x) => x.id === first.id)!.admit_name).toBe(`${fits} ${fits}`);
  });

  it("refuses a ticket that is not the order's (404) and one refunded already (409)", async () => {
    const [first, second] = await tickets();
    const other = await demoOrder(t, ids, { email: 'other@example.com' }, 1);
    const name = { first_name: 'Grace', last_name: 'Hopper' };
    expect((await rename(first.id, name, other.orderId)).body._data[0]).toMatchObject({ _code: 'ticket_not_found' });
    expect((await rename(first.id, name, '0190aaaa-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await rename('nope', name)).status).toBe(404);

    expect((await desk.post(`/api/admin/orders/${order.orderId}/refund`, { ticket_ids: [second.id], reason: 'test' })).status).toBe(200);
    const refused = await rename(second.id, name);
    expect(refused.status).toBe(409);
    expect(refused.body._data[0]).toMatchObject({ _code: 'ticket_state_incorrect', _extra: { ticket_id: second.id, state: 'cancelled' } });
    expect((await tickets()).find((x) => x.id === second.id)!.admit_name).toBe(second.admit_name);
  });
});
