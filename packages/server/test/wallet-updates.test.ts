import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { issueOrderKey } from '../src/orders/order-access-key.js';
import { hit, LIMITS } from '../src/rate-limit/rate-limit.js';
import { readSettings } from '../src/settings.js';
import { deliverPassUpdates, type PassUpdateDeps } from '../src/wallet/deliver-pass-updates.js';
import { demoOrder, HOT, makeStaff, signedIn } from './admin-harness.js';
import type { Browser } from './auth-harness.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { fakeApns, fakeGoogleWallet } from './fake-wallet-services.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { responseSchema, type OpenApiDocument } from './openapi-document.js';
import { walletCredentials, walletEnv } from './wallet-certs.js';

/** Installed wallet passes follow their tickets (docs/wallet-passes.md "Updates"): Apple's web service, APNs pushes, Google object PATCHes. */
const creds = walletCredentials();
const ISSUER = '3388000000022222222';
const PASS_TYPE = 'pass.org.example.tickets';
const WS = '/api/wallet/apple/v1';
/** A second session of the "hot" event, a day later. */
const LATER = '2026-06-08T14:00:00.000Z';

type PassJson = { serialNumber: string; authenticationToken: string; webServiceURL: string; voided?: boolean; relevantDate: string; barcodes: { message: string }[]; eventTicket: { secondaryFields: { key: string; value: string }[]; backFields: { key: string; value: string }[] } };
const passJson = (zip: Uint8Array) => JSON.parse(Buffer.from(unzipSync(zip)['pass.json']).toString()) as PassJson;

describe('wallet update settings', () => {
  it("default to Apple's and Google's hosts; another must be an http(s) URL", () => {
    const wallet = readSettings(walletEnv(creds)).wallet!;
    expect([wallet.apple!.apnsUrl, wallet.google!.apiUrl, wallet.google!.tokenUrl]).toEqual(['https://api.push.apple.com', 'https://walletobjects.googleapis.com', 'https://oauth2.googleapis.com/token']);
    expect(readSettings({ ...walletEnv(creds), APPLE_WALLET_APNS_URL: 'http://127.0.0.1:9/' }).wallet!.apple!.apnsUrl).toBe('http://127.0.0.1:9');
    expect(() => readSettings({ ...walletEnv(creds), GOOGLE_WALLET_API_URL: 'walletobjects' })).toThrow('GOOGLE_WALLET_API_URL must be an http(s) URL, got "walletobjects"');
  });
});

describe.each(dialects())('wallet pass updates on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let later: string;
  let apns: Awaited<ReturnType<typeof fakeApns>>;
  let google: Awaited<ReturnType<typeof fakeGoogleWallet>>;
  let deps: PassUpdateDeps;
  const failures: { orderId: string; gaveUp: boolean }[] = [];
  let buyers = 0;
  let doc: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  /** The answer's JSON matches its schema in /api/openapi.json (the document the conformance test checks). */
  const conforms = (method: string, path: string, res: { statusCode: number; body: string }) => {
    const schema = responseSchema(doc.paths, method, path, res.statusCode);
    expect(schema, `${method} ${path} ${res.statusCode} is documented`).toBeTruthy();
    expect(ajv.validate(schema!, JSON.parse(res.body)), ajv.errorsText(ajv.errors)).toBe(true);
  };

  beforeAll(async () => {
    // The APNs stand-in's certificate is self-made: this file's connections skip verifying it (restored after).
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    apns = await fakeApns({ key: creds.signerKeyPem, cert: creds.signerCertPem, passphrase: creds.passphrase });
    google = await fakeGoogleWallet(creds.googlePublicPem, 'wallet@foyer-test.iam.gserviceaccount.com', () => t.clock.now);
    const env = { ...walletEnv(creds), FOYER_PUBLIC_URL: 'https://tickets.example.org', APPLE_WALLET_APNS_URL: apns.url, GOOGLE_WALLET_API_URL: google.url, GOOGLE_WALLET_TOKEN_URL: google.tokenUrl };
    t = await testApp(dialect, { env });
    ids = await catalogIds(t.db);
    desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
    const hot = await t.db.selectFrom('event_session').selectAll().where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow();
    later = uuidv7();
    await t.db.insertInto('event_session').values({ ...hot, id: later, start_datetime: LATER, end_datetime: '2026-06-08T15:00:00.000Z', used_capacity: 0, capacity: 100 }).execute();
    doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
    deps = { db: t.db, wallet: readSettings(env).wallet, now: () => t.clock.now, onFailure: (f) => failures.push(f) };
  });
  afterAll(async () => {
    delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    await t.close();
    await apns.close();
    await google.close();
  });

  /** Apple's web service as a device calls it: no cookie, the pass's token. */
  const device = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, remoteAddress: '10.77.0.1', headers: { ...(token ? { authorization: `ApplePass ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } });

  /** A one-ticket order whose pass the buyer downloaded (the manage link's key), as Wallet installs it. */
  async function installedPass() {
    const order = await demoOrder(t, ids, { email: `wallet${++buyers}@example.com` }, 1);
    const key = await issueOrderKey(t.db, order.orderId, t.clock.now);
    const res = await t.app.inject({ method: 'GET', url: `/api/ticket_order/${order.orderId}/pkpass?key=${key}`, remoteAddress: `10.78.0.${buyers}`, headers: { app: 'ecomm' } });
    expect(res.statusCode, res.body).toBe(200);
    const pass = passJson(res.rawPayload);
    const ticketId = (await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', order.orderId).executeTakeFirstOrThrow()).id;
    return { ...order, ticketId, pass, serial: pass.serialNumber, token: pass.authenticationToken };
  }
  const registration = (serial: string, deviceId = 'device-1') => `${WS}/devices/${deviceId}/registrations/${PASS_TYPE}/${serial}`;
  const passUrl = (serial: string) => `${WS}/passes/${PASS_TYPE}/${serial}`;
  const queued = (serial: string) => t.db.selectFrom('wallet_push').selectAll().where('serial_number', '=', serial).orderBy('created_at').execute();

  it("serves Apple's web service: register (201, then 200), list passes updated since a tag, fetch the pass (304 when unchanged), log, unregister; a wrong token is 401", async () => {
    const p = await installedPass();
    expect(p.pass.webServiceURL).toBe('https://tickets.example.org/api/wallet/apple');
    expect(p.token.length).toBeGreaterThanOrEqual(16);
    expect(p.serial).toBe(p.scanCodes[0]);

    expect((await device('POST', registration(p.serial), p.token, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await device('POST', registration(p.serial), p.token, { pushToken: 'push-1' })).statusCode).toBe(200);
    for (const [token, url] of [
      ['not-the-token-of-this-pass', registration(p.serial)],
      [undefined, registration(p.serial)],
      [p.token, registration('NOSUCHSERIAL')],
      [p.token, `${WS}/devices/device-1/registrations/pass.org.other/${p.serial}`],
    ] as const) {
      const res = await device('POST', url, token, { pushToken: 'push-x' });
      expect([res.statusCode, JSON.parse(res.body)._data[0]._code]).toEqual([401, 'not_authorized']);
      conforms('post', '/wallet/apple/v1/devices/{device}/registrations/{passType}/{serial}', res);
    }
    const bad = await device('POST', registration(p.serial), p.token, { pushToken: '' });
    expect(bad.statusCode).toBe(400);
    conforms('post', '/wallet/apple/v1/devices/{device}/registrations/{passType}/{serial}', bad);
    expect(await t.db.selectFrom('wallet_registration').select(['device_library_id', 'push_token']).where('serial_number', '=', p.serial).execute()).toEqual([{ device_library_id: 'device-1', push_token: 'push-1' }]);

    const list = await device('GET', `${WS}/devices/device-1/registrations/${PASS_TYPE}`);
    expect(list.statusCode).toBe(200);
    conforms('get', '/wallet/apple/v1/devices/{device}/registrations/{passType}', list);
    const { serialNumbers, lastUpdated } = JSON.parse(list.body);
    expect(serialNumbers).toEqual([p.serial]);
    expect((await device('GET', `${WS}/devices/device-1/registrations/${PASS_TYPE}?passesUpdatedSince=${encodeURIComponent(lastUpdated)}`)).statusCode).toBe(204);
    expect((await device('GET', `${WS}/devices/another-device/registrations/${PASS_TYPE}`)).statusCode).toBe(204);

    const fetched = await device('GET', passUrl(p.serial), p.token);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(passJson(fetched.rawPayload)).toMatchObject({ serialNumber: p.serial, authenticationToken: p.token, barcodes: [{ message: p.serial }] });
    const lastModified = String(fetched.headers['last-modified']);
    expect((await device('GET', passUrl(p.serial), p.token, undefined, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await device('GET', passUrl(p.serial), p.token, undefined, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode).toBe(200);
    // A ticket a change cart holds (a self-edit not confirmed yet) is still the buyer's: its pass stays valid.
    await t.db.updateTable('ticket').set({ state: 'in_cart' }).where('id', '=', p.ticketId).execute();
    const held = await device('GET', passUrl(p.serial), p.token);
    expect([held.statusCode, passJson(held.rawPayload).voided]).toEqual([200, undefined]);
    await t.db.updateTable('ticket').set({ state: 'booked' }).where('id', '=', p.ticketId).execute();
    expect((await device('GET', passUrl(p.serial), 'wrong-token-wrong-token')).statusCode).toBe(401);

    expect((await device('POST', `${WS}/log`, undefined, { logs: ['Web service error for pass.org.example.tickets'] })).statusCode).toBe(200);
    expect((await device('DELETE', registration(p.serial), 'wrong-token-wrong-token')).statusCode).toBe(401);
    expect((await device('DELETE', registration(p.serial), p.token)).statusCode).toBe(200);
    expect((await device('GET', `${WS}/devices/device-1/registrations/${PASS_TYPE}`)).statusCode).toBe(204);

    // Registering is rate limited per address, like the other calls without a login.
    await hit(t.db, LIMITS.walletDeviceIp, '10.77.9.9', t.clock.now);
    await t.db.updateTable('rate_limit').set({ count: LIMITS.walletDeviceIp.max }).where('bucket', '=', `${LIMITS.walletDeviceIp.name}:10.77.9.9`).execute();
    const limited = await t.app.inject({ method: 'POST', url: registration(p.serial), remoteAddress: '10.77.9.9', payload: { pushToken: 'push-1' }, headers: { authorization: `ApplePass ${p.token}` } });
    expect([limited.statusCode, JSON.parse(limited.body)._data[0]._code]).toEqual([429, 'rate_limited']);
    conforms('post', '/wallet/apple/v1/devices/{device}/registrations/{passType}/{serial}', limited);
  });

  it('a reschedule (staff move) pushes to the registered device and PATCHes the Google object with the new date; the pass keeps its serial and shows the new ticket', async () => {
    const p = await installedPass();
    expect((await device('POST', registration(p.serial, 'device-2'), p.token, { pushToken: 'push-2' })).statusCode).toBe(201);
    const tag = JSON.parse((await device('GET', `${WS}/devices/device-2/registrations/${PASS_TYPE}`)).body).lastUpdated as string;
    google.saved.add(`${ISSUER}.ticket_${p.serial}`);
    t.clock.advance(1000);

    const moved = await desk.post(`/api/admin/orders/${p.orderId}/move`, { ticket_ids: [p.ticketId], event_session_id: later, reason: 'wrong day' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newCode = moved.body.admin_move.tickets[0].scan_code as string;
    // The move answered without waiting for either wallet: the update is queued, nothing sent yet.
    expect((await queued(p.serial)).map((q) => q.status)).toEqual(['pending']);
    expect(apns.pushes.filter((x) => x.token === 'push-2')).toEqual([]);

    expect(await deliverPassUpdates(deps), JSON.stringify(failures)).toMatchObject({ sent: 1, retried: 0 });
    expect(apns.pushes.filter((x) => x.token === 'push-2')).toEqual([{ token: 'push-2', topic: PASS_TYPE, payload: '{}', clientCert: 'Pass Type ID: pass.org.example.tickets' }]);
    const patch = google.patches.find((x) => x.id === `${ISSUER}.ticket_${p.serial}`)!;
    expect(patch.body).toMatchObject({ state: 'ACTIVE', barcode: { value: newCode }, textModulesData: [{ id: 'date', header: 'Date', body: 'Mon, Jun 8, 2026 10:00 AM' }], validTimeInterval: { start: { date: '2026-06-08T10:00:00-04:00' } } });

    // The device asks what changed, then fetches the pass: same serial, the new date and scan code.
    const list = await device('GET', `${WS}/devices/device-2/registrations/${PASS_TYPE}?passesUpdatedSince=${encodeURIComponent(tag)}`);
    expect(JSON.parse(list.body).serialNumbers).toEqual([p.serial]);
    const pass = passJson((await device('GET', passUrl(p.serial), p.token)).rawPayload);
    expect(pass).toMatchObject({ serialNumber: p.serial, relevantDate: LATER, barcodes: [{ message: newCode }] });
    expect(pass.voided).toBeUndefined();
    expect(pass.eventTicket.secondaryFields.find((f) => f.key === 'date')?.value).toBe('Mon, Jun 8, 2026');
    expect(await queued(p.serial).then((q) => q.map((x) => x.status))).toEqual(['sent']);
  });

  it('moving two tickets with passes gives each pass its own new ticket', async () => {
    const order = await demoOrder(t, ids, { email: `wallet${++buyers}@example.com` }, 2);
    const key = await issueOrderKey(t.db, order.orderId, t.clock.now);
    const bundle = await t.app.inject({ method: 'GET', url: `/api/ticket_order/${order.orderId}/pkpass?key=${key}`, remoteAddress: `10.78.1.${buyers}`, headers: { app: 'ecomm' } });
    expect(bundle.headers['content-type']).toBe('application/vnd.apple.pkpasses');
    const old = await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', order.orderId).execute();
    const moved = await desk.post(`/api/admin/orders/${order.orderId}/move`, { ticket_ids: old.map((x) => x.id), event_session_id: later, reason: 'wrong day' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const fresh = (moved.body.admin_move.tickets as { id: string }[]).map((x) => x.id).sort();
    const passes = await t.db.selectFrom('wallet_pass').select(['serial_number', 'ticket_id']).where('order_id', '=', order.orderId).execute();
    expect(passes.map((x) => x.serial_number).sort()).toEqual([...order.scanCodes].sort());
    expect(passes.map((x) => x.ticket_id).sort()).toEqual(fresh);
    expect(await deliverPassUpdates(deps)).toMatchObject({ sent: 2, retried: 0 });
  });

  it('a refund voids the Apple pass and makes the Google object INACTIVE; a pass never saved to Google (404) is no error', async () => {
    const p = await installedPass();
    const q = await installedPass();
    expect((await device('POST', registration(p.serial, 'device-3'), p.token, { pushToken: 'push-3' })).statusCode).toBe(201);
    google.saved.add(`${ISSUER}.ticket_${p.serial}`);
    t.clock.advance(1000);
    for (const o of [p, q]) {
      const refund = await desk.post(`/api/admin/orders/${o.orderId}/refund`, { ticket_ids: [o.ticketId], reason: 'cancelled by the buyer' });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    }
    expect(await deliverPassUpdates(deps)).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    expect(apns.pushes.filter((x) => x.token === 'push-3')).toHaveLength(1);
    expect(google.patches.find((x) => x.id === `${ISSUER}.ticket_${p.serial}`)?.body).toMatchObject({ state: 'INACTIVE' });
    expect(google.patches.find((x) => x.id === `${ISSUER}.ticket_${q.serial}`)).toBeUndefined();
    expect(passJson((await device('GET', passUrl(p.serial), p.token)).rawPayload)).toMatchObject({ serialNumber: p.serial, voided: true });
  });

  it('a failed push is retried later (logged with the order id); a device that removed the pass (410) is unregistered', async () => {
    const p = await installedPass();
    expect((await device('POST', registration(p.serial, 'device-4'), p.token, { pushToken: 'push-4' })).statusCode).toBe(201);
    expect((await device('POST', registration(p.serial, 'device-5'), p.token, { pushToken: 'push-5' })).statusCode).toBe(201);
    apns.gone.add('push-5');
    t.clock.advance(1000);
    const renamed = await desk.call('PATCH', `/api/admin/orders/${p.orderId}/tickets/${p.ticketId}`, { first_name: 'Grace', last_name: 'Hopper' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    apns.failNext.push(503);
    failures.length = 0;
    expect(await deliverPassUpdates(deps)).toMatchObject({ sent: 0, retried: 1 });
    expect(failures).toEqual([expect.objectContaining({ orderId: p.orderId, gaveUp: false })]);
    expect(apns.pushes.filter((x) => x.token === 'push-4')).toEqual([]);
    const [job] = await queued(p.serial);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('APNs 503') });
    // Not due yet…
    expect(await deliverPassUpdates(deps)).toMatchObject({ sent: 0, retried: 0 });
    // …then delivered.
    t.clock.advance(31_000);
    expect(await deliverPassUpdates(deps)).toMatchObject({ sent: 1 });
    expect(apns.pushes.filter((x) => x.token === 'push-4')).toHaveLength(1);
    expect(await t.db.selectFrom('wallet_registration').select('push_token').where('serial_number', '=', p.serial).execute()).toEqual([{ push_token: 'push-4' }]);
    const pass = passJson((await device('GET', passUrl(p.serial), p.token)).rawPayload);
    expect(pass.eventTicket.backFields.find((f) => f.key === 'admit')?.value).toBe('Grace Hopper');
  });
});
