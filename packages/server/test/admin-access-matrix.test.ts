import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffRole } from '@foyer/contracts';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { makeStaff, signedIn } from './admin-harness.js';
import { disableStaff } from '../src/staff/disable-staff.js';
import { CLI_ACTOR } from '../src/admin/audit.js';
import { dialects, testApp, type TestApp } from './harness.js';

/**
 * The access matrix of the staff routes (docs/box-office.md, Roles): every documented /api/admin
 * call, by who asks — nobody, a storefront member, a sign-in waiting for its second factor, a
 * disabled member's old session, and each role. The least role per call is listed here, and the
 * list must name every call the document has, so a new route cannot join without its row.
 */
const LEAST: Record<string, TStaffRole | 'open'> = {
  'POST /admin/login': 'open',
  'POST /admin/login/totp': 'open',
  'POST /admin/logout': 'open',
  'POST /admin/password': 'open',
  'GET /admin/me': 'door',
  'GET /admin/orders': 'box_office',
  'GET /admin/orders/{id}': 'box_office',
  'POST /admin/orders/{id}/refund': 'box_office',
  'POST /admin/orders/{id}/resend': 'box_office',
  'POST /admin/orders/{id}/move': 'box_office',
  'POST /admin/orders/{id}/move_link': 'box_office',
  'POST /admin/orders/{id}/move_link/{cartId}/cancel': 'box_office',
  'POST /admin/comps': 'box_office',
  'POST /admin/members/{id}/extend': 'box_office',
  'POST /admin/members/{id}/cancel': 'box_office',
  'POST /admin/members/{id}/auto_renew/cancel': 'box_office',
  'POST /admin/members/{id}/resend': 'box_office',
  'PATCH /admin/orders/{id}/tickets/{ticketId}': 'box_office',
  'GET /admin/sessions': 'box_office',
  'PATCH /admin/sessions/{id}': 'admin',
  'GET /admin/reports/sales': 'box_office',
  'GET /admin/audit': 'admin',
  'POST /admin/carts': 'box_office',
  'POST /admin/members/cards-to-print': 'box_office',
  'GET /admin/members': 'box_office',
  'GET /admin/door/sessions': 'door',
  'GET /admin/door/sessions/{id}/list': 'door',
  'GET /admin/door/sessions/{id}/status': 'door',
  'POST /admin/door/sessions/{id}/scan': 'door',
  'POST /admin/door/sessions/{id}/undo': 'door',
  'GET /admin/door/sessions/{id}/lookup': 'door',
  'POST /admin/door/sessions/{id}/admit': 'door',
  'POST /admin/door/sessions/{id}/sync': 'door',
};
const RANK = { door: 0, box_office: 1, admin: 2 } as const;
const ID = '0190aaaa-0000-7000-8000-000000000000';

describe.each(dialects())('who may call the staff routes on %s', (dialect) => {
  let t: TestApp;
  let calls: { method: 'GET' | 'POST' | 'PATCH'; path: string; least: TStaffRole }[];
  beforeAll(async () => {
    t = await testApp(dialect);
    const doc = (await new Browser(t.app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.tags?.includes('admin')).map(([m]) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(LEAST).sort());
    calls = Object.entries(LEAST)
      .filter(([, least]) => least !== 'open')
      .map(([op, least]) => {
        const [method, path] = op.split(' ') as ['GET' | 'POST' | 'PATCH', string];
        return { method, path: `/api${path.replace(/\{\w+\}/g, ID)}${method === 'GET' && !path.includes('{id}') ? '?q=abcd&date=2026-06-07' : ''}`, least: least as TStaffRole };
      });
  });
  afterAll(() => t.close());

  /** Calls with a body no schema accepts past the role check: what is measured is who got past it. */
  const call = (b: Browser, c: (typeof calls)[number]) => b.call(c.method, c.path, c.method === 'GET' ? undefined : {});
  const refusal = (res: { status: number; body: { _data?: { _code: string }[] } }) => [res.status, res.body._data?.[0]?._code];

  it('nobody, and a storefront member, get 401 not_authorized everywhere', async () => {
    await createUser(t.db, { email: 'member@example.org' });
    const member = new Browser(t.app, '10.3.0.1');
    expect((await member.post('/api/login', { username: 'member@example.org', password: PASSWORD })).status).toBe(200);
    for (const c of calls) {
      expect(refusal(await call(new Browser(t.app, '10.3.0.2'), c)), `${c.method} ${c.path}`).toEqual([401, 'not_authorized']);
      expect(refusal(await call(member, c)), `member: ${c.method} ${c.path}`).toEqual([401, 'not_authorized']);
    }
  });

  it('a sign-in waiting for its second factor gets 401 totp_required everywhere', async () => {
    await makeStaff(t, 'pending@example.org', 'admin');
    const b = new Browser(t.app, '10.3.0.3');
    expect((await b.post('/api/admin/login', { email: 'pending@example.org', password: PASSWORD })).body.admin_session.stage).toBe('totp');
    for (const c of calls) expect(refusal(await call(b, c)), `${c.method} ${c.path}`).toEqual([401, 'totp_required']);
  });

  it.each(['door', 'box_office', 'admin'] as const)('%s: 403 forbidden_role below the least role, past the check at or above it', async (role) => {
    const b = await signedIn(t, await makeStaff(t, `${role}@example.org`, role), `10.3.1.${RANK[role]}`);
    for (const c of calls) {
      const res = await call(b, c);
      if (RANK[role] < RANK[c.least]) expect(refusal(res), `${role}: ${c.method} ${c.path}`).toEqual([403, 'forbidden_role']);
      else expect([401, 403], `${role}: ${c.method} ${c.path} ${JSON.stringify(res.body)}`).not.toContain(res.status);
    }
  });

  it("a disabled member's session ends: 401 everywhere", async () => {
    const staff = await makeStaff(t, 'leaver@example.org', 'admin');
    const b = await signedIn(t, staff, '10.3.2.1');
    expect((await b.get('/api/admin/me')).status).toBe(200);
    await disableStaff(t.db, CLI_ACTOR, 'leaver@example.org', t.clock.now);
    for (const c of calls) expect(refusal(await call(b, c)), `${c.method} ${c.path}`).toEqual([401, 'not_authorized']);
  });
});
