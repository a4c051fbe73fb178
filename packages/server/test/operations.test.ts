import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readSettings, SettingsError } from '../src/settings.js';
import { CartClient, catalogIds } from './cart-client.js';
import { dialects, freshDatabase, getJson, testApp, type TestApp } from './harness.js';

const TOKEN = 'metrics-token-0123456789';
const HOT = '2026-06-07T14:00:00.000Z';

describe('operations settings', () => {
  it('metrics are off by default and never public: on needs a token or a port of their own', () => {
    expect(readSettings({}).operations.metrics).toBeNull();
    expect(() => readSettings({ FOYER_METRICS: 'true' })).toThrow(SettingsError);
    expect(readSettings({ FOYER_METRICS: 'true', FOYER_METRICS_TOKEN: TOKEN }).operations.metrics).toEqual({ token: TOKEN, port: null, host: '127.0.0.1' });
    expect(readSettings({ FOYER_METRICS: 'true', FOYER_METRICS_PORT: '9464' }).operations.metrics).toMatchObject({ token: null, port: 9464 });
    expect(() => readSettings({ FOYER_MAX_HELD_TICKETS_PER_CART: '0' })).toThrow(/FOYER_MAX_HELD_TICKETS_PER_CART/);
  });
});

describe.each(dialects())('readiness, request ids and metrics (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_METRICS: 'true', FOYER_METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('/api/ready is 200 with the database up, 503 while draining or when the database is gone', async () => {
    expect(await getJson(t.app, '/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    const database = await freshDatabase(dialect);
    const lifecycle = { draining: false };
    const app = await buildApp({ db: database.db, dialect, settings: readSettings({}), now: () => new Date() }, { lifecycle });
    lifecycle.draining = true;
    expect(await getJson(app, '/api/ready')).toMatchObject({ status: 503, body: { status: 'draining' } });
    expect((await getJson(app, '/api/health')).status).toBe(200);
    lifecycle.draining = false;
    await database.drop();
    expect(await getJson(app, '/api/ready')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
    await app.close();
  });

  it('every answer names its request id; a proxy-given id is kept, a malformed one replaced; 5xx envelopes carry it', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c21-0001' } });
    expect(mine.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\u00e9<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const app = await buildApp({ db: t.db, dialect, settings: readSettings({}), now: () => new Date() });
    app.get('/api/test/boom', () => Promise.reject(new Error('secret internals')));
    const boom = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-12345678' } });
    expect(boom.statusCode).toBe(500);
    expect(JSON.parse(boom.body)._data[0]).toMatchObject({ _code: 'internal_error', _extra: { request_id: 'trace-12345678' } });
    expect(boom.body).not.toContain('secret internals');
    await app.close();
  });

  it('/metrics needs the bearer token, and counts routes, reservations, refusals and payments', async () => {
    const ids = await catalogIds(t.db);
    const buyer = new CartClient(t.app);
    const cart = await buyer.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
    const cartId = cart.body.cart._data[0].id;
    await buyer.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: '4000000000000002' } });
    await buyer.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } });
    await getJson(t.app, '/api/events/available?_seller=nowhere');

    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(JSON.parse(wrong.body)._data[0]._code).toBe('not_authorized');
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    const text = scrape.body;
    expect(text).toMatch(/foyer_http_request_duration_seconds_count\{method="POST",route="\/api\/cart\/:id\/pay",status="200"\} 1/);
    expect(text).toMatch(/foyer_reservations_total 1/);
    expect(text).toMatch(/foyer_refusals_total\{code="seller_not_found"\} 1/);
    expect(text).toMatch(/foyer_payments_total\{outcome="card_declined"\} 1/);
    expect(text).toMatch(/foyer_payments_total\{outcome="completed"\} 1/);
    expect(text).toMatch(/foyer_mail_queue_depth \d+/);
    expect(text).toMatch(/foyer_job_lag_seconds\{job="hold_sweeper"\} \d/);
  });

  it('no /metrics unless enabled', async () => {
    const app = await buildApp({ db: t.db, dialect, settings: { ...readSettings({}), webDist: '/nonexistent' }, now: () => new Date() });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await app.close();
  });
});
