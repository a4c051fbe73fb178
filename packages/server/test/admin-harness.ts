import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { DEMO_CARDS, type TStaffRole } from '@foyer/contracts';
import { beforeAll, expect } from 'vitest';
import { CLI_ACTOR } from '../src/admin/audit.js';
import { addStaff } from '../src/staff/add-staff.js';
import { stepOf, totpCode } from '../src/staff/totp.js';
import { Browser, PASSWORD } from './auth-harness.js';
import type { Dialect } from '../src/db/database.js';
import type { TestApp } from './harness.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { responseSchema, type OpenApiDocument } from './openapi-document.js';

/** The test catalog's "hot" session: adult 20.00. */
export const HOT = '2026-06-07T14:00:00.000Z';

/** The box office's tests: staff made as `staff add --password-stdin` makes them, signed in as the screens do. */

export const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;

export async function makeStaff(t: TestApp, email: string, role: TStaffRole, options: { totp?: boolean } = {}) {
  const made = await addStaff(t.db, CLI_ACTOR, { email, role, password: PASSWORD, enrolTotp: options.totp ?? role !== 'door', publicUrl: 'http://localhost:3000', now: t.clock.now });
  return { ...made, secret: made.otpauthUri ? secretOf(made.otpauthUri) : null };
}

/** The current code of a secret at the app's clock; the clock first moves on a step, so each code is fresh. */
export function freshCode(t: TestApp, secret: string) {
  t.clock.advance(30_000);
  return totpCode(secret, stepOf(t.clock.now));
}

/** A browser signed in as the staff member (password, then the TOTP code when the role needs one). */
export async function signedIn(t: TestApp, staff: { staff: { email: string }; secret: string | null }, ip = '10.7.0.1') {
  const b = new Browser(t.app, ip);
  const login = await b.post('/api/admin/login', { email: staff.staff.email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  if (login.body.admin_session.stage !== 'complete') {
    const totp = await b.post('/api/admin/login/totp', { code: freshCode(t, staff.secret!) });
    expect(totp.status, JSON.stringify(totp.body)).toBe(200);
  }
  return b;
}

export type DocumentChecker = Awaited<ReturnType<typeof documentChecker>>;
export interface AdminBench { t: TestApp; ids: CatalogIds; checker: DocumentChecker }

/** For a describe block: the test catalog's app and the checker of its answers (box office tests). */
export function useAdminApp(dialect: Dialect, ready: (bench: AdminBench) => void) {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  beforeAll(async () => ready({ t, ids, checker: await documentChecker(t) }));
}

/** useAdminApp, with a box-office member (desk@example.org) signed in at the desk. */
export function useBoxOffice(dialect: Dialect, ready: (bench: AdminBench & { desk: Browser }) => void) {
  let bench: AdminBench;
  useAdminApp(dialect, (b) => (bench = b));
  beforeAll(async () => ready({ ...bench, desk: await signedIn(bench.t, await makeStaff(bench.t, 'desk@example.org', 'box_office')) }));
}

/** Checks answers against /api/openapi.json, as test/openapi-conformance.test.ts does for the storefront. */
export async function documentChecker(t: TestApp) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const doc = (await new Browser(t.app).get('/api/openapi.json')).body as OpenApiDocument;
  return {
    doc,
    check(method: string, path: string, status: number, body: unknown) {
      expect(doc.paths[path]?.[method.toLowerCase()]?.tags, `${method} ${path} is tagged admin`).toContain('admin');
      const schema = responseSchema(doc.paths, method, path, status);
      expect(schema, `${method} ${path} ${status} is documented`).toBeTruthy();
      expect(ajv.validate(schema!, body), `${method} ${path} ${status}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    },
  };
}

/**
 * A paid order of `n` adults for the "hot" session, bought by a guest with this e-mail (and name,
 * phone), paid with the demo gateway's success card; its id, number and scan codes.
 */
export async function demoOrder(t: TestApp, ids: CatalogIds, who: { email: string; first?: string; last?: string; phone?: string }, n = 2) {
  const c = new CartClient(t.app, `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  const cart = await c.create(Array.from({ length: n }, () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) })));
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const cartId = cart.body.cart._data[0].id as string;
  const user = await c.call('POST', '/api/user', { first_name: who.first ?? 'Ada', last_name: who.last ?? 'Byron', email: who.email });
  expect(user.status, JSON.stringify(user.body)).toBe(200);
  if (who.phone) await t.db.updateTable('user_account').set({ phone: who.phone }).where('email', '=', who.email).execute();
  await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
  const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: cart.body.cart._data[0].cart_fees.total_outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
  expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
  const order = paid.body.ticket_order._data[0] as { id: string; order_number: string };
  return { cartId, orderId: order.id, orderNumber: order.order_number, scanCodes: (paid.body.ticket._data as { scan_code: string }[]).map((x) => x.scan_code), client: c };
}
