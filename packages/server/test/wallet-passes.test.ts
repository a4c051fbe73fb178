import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { unzipSync } from 'fflate';
import { jwtVerify, importSPKI } from 'jose';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOrderKey } from '../src/orders/order-access-key.js';
import { applePasses } from '../src/wallet/apple-pass.js';
import { readSettings, SettingsError } from '../src/settings.js';
import { Browser } from './auth-harness.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { buyMembership, dualMembers, GA_10, MEMBERSHIP_FIXTURE, registered } from './membership-harness.js';
import { walletCredentials, walletEnv } from './wallet-certs.js';

/** Apple and Google wallet passes of an order (docs/wallet-passes.md#what-has-a-pass Order complete wallet links, docs/wallet-passes.md#what-has-a-pass Wallet precheck, docs/wallet-passes.md#calls). */
const creds = walletCredentials();
const GOOGLE_SAVE = 'https://pay.google.com/gp/v/save/';

/** A GET that keeps the bytes (the harness's Browser reads text). */
async function raw(t: TestApp, b: Browser, url: string) {
  const cookie = [...b.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  return t.app.inject({ method: 'GET', url, remoteAddress: b.ip, headers: { app: 'ecomm', ...(cookie ? { cookie } : {}) } });
}

/**
 * SignerInfo's authenticatedAttributes are tagged [0], context-specific: forge keeps the tag number in
 * `type`, typed as its universal Type enum, where 0 is named NONE.
 */
const AUTHENTICATED_ATTRIBUTES_TAG = forge.asn1.Type.NONE;

/** The files of a .pkpass, with manifest.json's SHA-1 hashes and the detached PKCS#7 signature checked against the pass certificate. */
function openPass(zip: Uint8Array) {
  const files = unzipSync(zip);
  const manifest = JSON.parse(Buffer.from(files['manifest.json']).toString()) as Record<string, string>;
  const names = Object.keys(files).filter((n) => n !== 'manifest.json' && n !== 'signature');
  expect(Object.keys(manifest).sort()).toEqual(names.sort());
  for (const name of names) expect(manifest[name], name).toBe(createHash('sha1').update(files[name]).digest('hex'));

  // PKCS#7 SignedData, detached: the signer's authenticated attributes carry SHA-1(manifest.json)
  // and are what the pass certificate's key signed; the certificates are the WWDR and the signer's.
  const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(files.signature).toString('binary')))) as forge.pkcs7.PkcsSignedData & { rawCapture: { signerInfos: forge.asn1.Asn1[] } };
  expect(p7.certificates.map((c) => forge.pki.certificateToPem(c).replace(/\r/g, '')).sort()).toEqual([creds.wwdrPem, creds.signerCertPem].map((p) => p.replace(/\r/g, '')).sort());
  expect(p7.rawCapture.signerInfos).toHaveLength(1);
  const signerInfo = p7.rawCapture.signerInfos[0].value as forge.asn1.Asn1[];
  const attrs = signerInfo.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === AUTHENTICATED_ATTRIBUTES_TAG)!;
  const signed = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs.value);
  const digestAttr = (attrs.value as forge.asn1.Asn1[]).find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.messageDigest)!;
  const digest = Buffer.from(((digestAttr.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string, 'binary');
  expect(digest.toString('hex')).toBe(createHash('sha1').update(files['manifest.json']).digest('hex'));
  const encryptedDigest = Buffer.from(signerInfo[signerInfo.length - 1].value as string, 'binary');
  const der = Buffer.from(forge.asn1.toDer(signed).getBytes(), 'binary');
  expect(verify('sha1', der, createPublicKey(creds.signerCertPem), encryptedDigest)).toBe(true);
  // …and not with another key: the check can fail.
  expect(verify('sha1', der, createPublicKey(creds.googlePublicPem), encryptedDigest)).toBe(false);
  expect(new X509Certificate(creds.signerCertPem).verify(new X509Certificate(creds.wwdrPem).publicKey)).toBe(true);
  return { files, pass: JSON.parse(Buffer.from(files['pass.json']).toString()) };
}

async function googleClaims(location: string) {
  expect(location.startsWith(GOOGLE_SAVE)).toBe(true);
  const { payload, protectedHeader } = await jwtVerify(location.slice(GOOGLE_SAVE.length), await importSPKI(creds.googlePublicPem, 'RS256'), { audience: 'google' });
  expect(protectedHeader.alg).toBe('RS256');
  return payload as { iss: string; typ: string; origins: string[]; payload: Record<string, Record<string, unknown>[]> };
}

describe('wallet settings', () => {
  it('are all-or-none per wallet, checked at start (the key must match the certificate), and never echo a secret', () => {
    expect(readSettings({}).wallet).toEqual({ apple: null, google: null });
    const env = walletEnv(creds);
    const problems = (e: NodeJS.ProcessEnv) => {
      try {
        readSettings(e);
        return [];
      } catch (error) {
        return (error as SettingsError).problems;
      }
    };
    expect(problems({ APPLE_WALLET_CERT: env.APPLE_WALLET_CERT })).toEqual([expect.stringMatching(/^APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_KEY, APPLE_WALLET_WWDR_CERT must be set with APPLE_WALLET_CERT/)]);
    expect(problems({ ...env, APPLE_WALLET_KEY_PASSPHRASE: 'wrong' })).toEqual(['APPLE_WALLET_KEY is not a readable private key (PEM, with its passphrase)']);
    expect(problems({ ...env, APPLE_WALLET_KEY: env.GOOGLE_WALLET_PRIVATE_KEY, APPLE_WALLET_KEY_PASSPHRASE: '' })).toEqual(['APPLE_WALLET_KEY is not the key of APPLE_WALLET_CERT']);
    expect(problems({ ...env, GOOGLE_WALLET_PRIVATE_KEY: '/nonexistent/key.pem', GOOGLE_WALLET_ISSUER_ID: 'abc' })).toEqual([
      'GOOGLE_WALLET_ISSUER_ID must be the issuer\'s number, got "abc"',
      'GOOGLE_WALLET_PRIVATE_KEY must be a PEM or the path of a readable PEM file',
    ]);
    for (const p of problems({ ...env, APPLE_WALLET_KEY_PASSPHRASE: 'wrong', APPLE_WALLET_WWDR_CERT: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })) {
      expect(p).not.toContain('BEGIN');
      expect(p).not.toContain('wrong');
    }
  });
});

describe('an Apple pass of a seated ticket', () => {
  it('names the seat, and an all-day ticket shows its date without a time', async () => {
    const apple = readSettings(walletEnv(creds)).wallet!.apple!;
    const ticket = { kind: 'ticket' as const, id: 't1', scanCode: 'SEAT7', eventId: 'e1', eventName: 'An Evening Under the Stars', typeName: 'Adult', eventType: 'single', start: '2026-12-05T00:30:00.000Z', end: null, timezone: 'America/New_York', venueName: 'Harbour Theatre', venueAddress: null, seat: { section: 'Stalls', row: 'A', name: '7' }, admitName: 'Ada Lovelace', showsTime: true, validity: null };
    const { pass } = openPass((await applePasses(apple, { orderNumber: 'F-1', sellerName: 'Foyer', items: [ticket] })).body);
    const value = (list: { key: string; value: string }[], key: string) => list.find((f) => f.key === key)?.value;
    expect(value(pass.eventTicket.auxiliaryFields, 'seat')).toBe('Stalls, Row A, Seat 7');
    // 00:30 UTC on the 5th is 7:30 PM on the 4th in New York.
    expect([value(pass.eventTicket.secondaryFields, 'date'), value(pass.eventTicket.secondaryFields, 'time')]).toEqual(['Fri, Dec 4, 2026', '7:30 PM']);
    expect(value(pass.eventTicket.backFields, 'admit')).toBe('Ada Lovelace');
    const allDay = (await applePasses(apple, { orderNumber: 'F-2', sellerName: 'Foyer', items: [{ ...ticket, seat: null, eventType: 'all_day' }] })).body;
    const fields = openPass(allDay).pass.eventTicket;
    expect(fields.secondaryFields.map((f: { key: string }) => f.key)).toEqual(['date']);
    // docs/catalog.md: ticket_date_time "date" prints the day only; a start policy or duration its own validity, which also ends the pass.
    const own = openPass((await applePasses(apple, { orderNumber: 'F-3', sellerName: 'Foyer', items: [{ ...ticket, showsTime: false, validity: { from: '2026-12-05T05:00:00.000Z', to: '2027-01-05T05:00:00.000Z' } }] })).body).pass;
    expect(own.eventTicket.secondaryFields.map((f: { key: string }) => f.key)).toEqual(['date']);
    expect(value(own.eventTicket.auxiliaryFields, 'valid')).toBe('Sat, Dec 5, 2026 – Tue, Jan 5, 2027');
    expect(own.expirationDate).toBe('2027-01-05T05:00:00.000Z');
    expect(fields.auxiliaryFields.map((f: { key: string }) => f.key)).toEqual(['venue']);
  });
});

describe.each(dialects())('wallet passes on %s', (dialect) => {
  let t: TestApp;
  let bare: TestApp;
  let ids: CatalogIds;
  let bareIds: CatalogIds;
  beforeAll(async () => {
    t = await testApp(dialect, { catalog: MEMBERSHIP_FIXTURE, env: { ...walletEnv(creds), FOYER_PUBLIC_URL: 'https://tickets.example.org' } });
    bare = await testApp(dialect, { catalog: MEMBERSHIP_FIXTURE });
    ids = await catalogIds(t.db);
    bareIds = await catalogIds(bare.db);
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  /** A logged-in buyer's order of two adult tickets for the 10:00 General Admission session. */
  async function ticketOrder(app: TestApp, catalog = ids) {
    const buyer = await registered(app);
    const cart = await buyer.b.post('/api/my/cart/modify', { add: [0, 1].map(() => ({ ticket_type_id: catalog.type('adult'), event_session_id: catalog.session('ga', GA_10) })) });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id as string;
    expect((await buyer.b.post(`/api/my/cart/${cartId}/checkout`, {})).status).toBe(200);
    const paid = await buyer.b.post(`/api/my/cart/${cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    return { ...buyer, orderId: paid.body.ticket_order._data[0].id as string, orderNumber: paid.body.ticket_order._data[0].order_number as string, tickets: paid.body.ticket._data as { id: string; scan_code: string }[] };
  }

  it('walletprecheck: ok per configured wallet, to the order\'s owner only (a wrong key or someone else: 404)', async () => {
    const { b, orderId } = await ticketOrder(t);
    const precheck = await b.get(`/api/ticket_order/${orderId}/walletprecheck`);
    expect(precheck.status).toBe(200);
    expect(precheck.body.wallet_precheck._data).toEqual([
      { provider: 'apple', ok: true },
      { provider: 'google', ok: true },
    ]);
    expect(precheck.headers['cache-control']).toBe('private, no-store');
    const stranger = new Browser(t.app, '10.66.0.1');
    expect((await stranger.get(`/api/ticket_order/${orderId}/walletprecheck`)).status).toBe(404);
    expect((await stranger.get(`/api/ticket_order/${orderId}/walletprecheck?key=not-the-key`)).status).toBe(404);
    const key = await issueOrderKey(t.db, orderId, t.clock.now);
    expect((await stranger.get(`/api/ticket_order/${orderId}/walletprecheck?key=${key}`)).body.wallet_precheck._data.every((p: { ok: boolean }) => p.ok)).toBe(true);

    // Without wallet settings nothing is offered, and the pass routes say so.
    const other = await ticketOrder(bare, bareIds);
    expect((await other.b.get(`/api/ticket_order/${other.orderId}/walletprecheck`)).body.wallet_precheck._data).toEqual([
      { provider: 'apple', ok: false },
      { provider: 'google', ok: false },
    ]);
    expect((await other.b.get(`/api/ticket_order/${other.orderId}/pkpass`)).status).toBe(404);
    expect((await other.b.get(`/api/ticket_order/${other.orderId}/gwpass`)).status).toBe(404);
  });

  it('a ticket\'s .pkpass is a signed event ticket: scan code as QR, event, date and time at the venue, venue', async () => {
    const { b, orderId, orderNumber, tickets } = await ticketOrder(t);
    const res = await raw(t, b, `/api/ticket_order/${orderId}/pkpass?ticket_id=${tickets[1].id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="order-${orderNumber}.pkpass"`);
    const { files, pass } = openPass(res.rawPayload);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png', 'logo.png', 'manifest.json', 'signature']));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.org.example.tickets',
      teamIdentifier: 'ABCDE12345',
      serialNumber: tickets[1].scan_code,
      organizationName: 'Member Museum',
      barcodes: [{ message: tickets[1].scan_code, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' }],
      relevantDate: GA_10,
    });
    const fields = [...pass.eventTicket.primaryFields, ...pass.eventTicket.secondaryFields, ...pass.eventTicket.auxiliaryFields];
    // 14:00 UTC is 10:00 in New York (the venue's zone), whatever zone the server runs in.
    expect(Object.fromEntries(fields.map((f: { key: string; value: string }) => [f.key, f.value]))).toMatchObject({ event: 'General Admission', date: 'Sun, Jun 7, 2026', time: '10:00 AM', venue: 'Main Building' });

    // The whole order: a .pkpasses bundle of one signed pass per ticket.
    const all = await raw(t, b, `/api/ticket_order/${orderId}/pkpass`);
    expect(all.headers['content-type']).toBe('application/vnd.apple.pkpasses');
    const bundle = unzipSync(all.rawPayload);
    expect(Object.keys(bundle)).toHaveLength(2);
    expect(Object.values(bundle).map((zip) => openPass(zip).pass.serialNumber).sort()).toEqual(tickets.map((x) => x.scan_code).sort());

    // Someone else's ticket, or a wrong key: nothing.
    const stranger = new Browser(t.app, '10.66.0.2');
    expect((await raw(t, stranger, `/api/ticket_order/${orderId}/pkpass?key=wrong`)).statusCode).toBe(404);
    expect((await raw(t, stranger, `/api/ticket_order/${orderId}/pkpass`)).statusCode).toBe(404);
    expect((await raw(t, b, `/api/ticket_order/${orderId}/pkpass?ticket_id=not-in-this-order`)).statusCode).toBe(404);
    const key = await issueOrderKey(t.db, orderId, t.clock.now);
    expect((await raw(t, stranger, `/api/ticket_order/${orderId}/pkpass?key=${key}&ticket_id=${tickets[0].id}`)).statusCode).toBe(200);
  });

  it('a member card\'s .pkpass is a signed store card; the Google save link is an RS256 JWT of the operator\'s service account', async () => {
    const buyer = await registered(t);
    const { order } = await buyMembership(buyer.b, ids, 'm-dual', { members: dualMembers(buyer.email) }, '120.00');
    const cards = await t.db.selectFrom('membership').select(['id', 'scan_code', 'first_name']).where('ticket_order_id', '=', order.id).orderBy('position').execute();
    expect(cards).toHaveLength(2);
    const res = await raw(t, buyer.b, `/api/ticket_order/${order.id}/pkpass?membership_id=${cards[1].id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { pass } = openPass(res.rawPayload);
    expect(pass.serialNumber).toBe(cards[1].scan_code);
    expect(pass.storeCard.primaryFields[0]).toMatchObject({ key: 'level', value: 'Dual' });
    expect(pass.storeCard.secondaryFields).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'name', value: 'Charles Babbage' }), expect.objectContaining({ key: 'id', value: cards[1].scan_code })]));
    expect((await raw(t, buyer.b, `/api/ticket_order/${order.id}/pkpass?membership_id=another-card`)).statusCode).toBe(404);

    const link = await buyer.b.get(`/api/ticket_order/${order.id}/gwpass?membership_id=${cards[0].id}`);
    expect(link.status).toBe(302);
    const claims = await googleClaims(String(link.headers.location));
    expect(claims).toMatchObject({ iss: 'wallet@foyer-test.iam.gserviceaccount.com', typ: 'savetowallet', origins: ['https://tickets.example.org'] });
    expect(claims.payload.genericObjects).toEqual([expect.objectContaining({ id: `3388000000022222222.member_${cards[0].scan_code}`, classId: '3388000000022222222.membership', barcode: { type: 'QR_CODE', value: cards[0].scan_code, alternateText: cards[0].scan_code } })]);
    expect(claims.payload.eventTicketObjects).toBeUndefined();
    expect((await new Browser(t.app, '10.66.0.3').get(`/api/ticket_order/${order.id}/gwpass?key=wrong`)).status).toBe(404);
  });

  it('a member whose card someone else bought gets that card\'s pass with their login, and nothing else of the order', async () => {
    const buyer = await registered(t);
    const { order } = await buyMembership(buyer.b, ids, 'm-dual', { members: dualMembers(buyer.email) }, '120.00');
    const [mine, theirs] = await t.db.selectFrom('membership').select(['id', 'scan_code']).where('ticket_order_id', '=', order.id).orderBy('position').execute().then((c) => [c[1], c[0]]);
    const member = await registered(t, 'Charles');
    await t.db.updateTable('membership').set({ user_id: member.user.id }).where('id', '=', mine.id).execute();
    const precheck = await member.b.get(`/api/ticket_order/${order.id}/walletprecheck?membership_id=${mine.id}`);
    expect(precheck.body.wallet_precheck._data).toEqual([
      { provider: 'apple', ok: true },
      { provider: 'google', ok: true },
    ]);
    const res = await raw(t, member.b, `/api/ticket_order/${order.id}/pkpass?membership_id=${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(openPass(res.rawPayload).pass.serialNumber).toBe(mine.scan_code);
    // The order, the buyer's card, or someone else asking for the member's card: refused.
    expect((await member.b.get(`/api/ticket_order/${order.id}/walletprecheck`)).status).toBe(404);
    expect((await raw(t, member.b, `/api/ticket_order/${order.id}/pkpass?membership_id=${theirs.id}`)).statusCode).toBe(404);
    expect((await (await registered(t, 'Mallory')).b.get(`/api/ticket_order/${order.id}/gwpass?membership_id=${mine.id}`)).status).toBe(404);
  });

  it('the Google save link of a ticket order holds an event ticket object per ticket with its class (event, venue, time with the venue\'s offset)', async () => {
    const { b, orderId, orderNumber, tickets } = await ticketOrder(t);
    const link = await b.get(`/api/ticket_order/${orderId}/gwpass`);
    expect(link.status).toBe(302);
    const claims = await googleClaims(String(link.headers.location));
    expect(claims.payload.eventTicketClasses).toEqual([expect.objectContaining({ issuerName: 'Member Museum', eventName: { defaultValue: { language: 'en-US', value: 'General Admission' } }, dateTime: expect.objectContaining({ start: '2026-06-07T10:00:00-04:00' }) })]);
    expect(claims.payload.eventTicketObjects.map((o) => (o.barcode as { value: string }).value).sort()).toEqual(tickets.map((x) => x.scan_code).sort());
    expect(claims.payload.eventTicketObjects.every((o) => o.classId === claims.payload.eventTicketClasses[0].id && (o.reservationInfo as { confirmationCode: string }).confirmationCode === orderNumber)).toBe(true);
    // A JWT signed with another key is not the operator's.
    const forged = String(link.headers.location).slice(GOOGLE_SAVE.length).replace(/\.[^.]+$/, '.AAAA');
    await expect(jwtVerify(forged, await importSPKI(creds.googlePublicPem, 'RS256'))).rejects.toThrow();
  });
});
