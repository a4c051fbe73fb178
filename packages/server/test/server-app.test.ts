import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { importCatalogFile } from '../src/catalog/import-catalog.js';
import { readSettings } from '../src/settings.js';
import { dialects, FIXTURE, freshDatabase, getJson, NOW, testApp, type TestApp } from './harness.js';

describe.each(dialects())('server on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database', async () => {
    const { status, body } = await getJson(t.app, '/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: { dialect, status: 'ok' } });
  });

  it('publishes an OpenAPI document built from the contracts', async () => {
    const { status, body } = await getJson(t.app, '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/events/available', '/events/{id}/calendar', '/config']));
    expect(body.components.schemas.EventSession.properties.availableCapacity.type).toBe('integer');
    expect(body.components.schemas.ErrorEnvelope.properties._data.type).toBe('array');
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    for (const url of ['/api/nothing/here', '/cached_api/nothing']) {
      const { status, body } = await getJson(t.app, url);
      expect(status).toBe(404);
      expect(body._data[0]).toMatchObject({ _code: 'not_found' });
    }
  });

  it('answers a malformed JSON body with 400 in the envelope, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/events/x/calendar', headers: { 'content-type': 'application/json' }, payload: '{"ticket_types_required": [' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)._data[0]._code).toBe('validation_failed');
  });

  it('/cached_api sends public caching headers and 304 on If-None-Match, whatever the cookies', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/cached_api/events/available' });
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const withCookie = await t.app.inject({ method: 'GET', url: '/cached_api/events/available', headers: { cookie: 'session=abc; public_identity=xyz' } });
    expect(withCookie.headers.etag).toBe(etag);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    expect(withCookie.headers.vary ?? '').not.toMatch(/cookie/i);
    const again = await t.app.inject({ method: 'GET', url: '/cached_api/events/available', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const api = await t.app.inject({ method: 'GET', url: '/api/events/available' });
    expect(api.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(api.body)).toEqual(JSON.parse(first.body));
  });

  it('serves images resized to the next size step, never enlarged when shrink-only', async () => {
    const list = await getJson(t.app, '/api/events/available');
    const imageId = list.body.event_template._data[0].meta.image_profile;
    const small = await t.app.inject({ method: 'GET', url: `/api/image/${imageId}?sizex=100&sizey=50&shrink_only=T` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    // 100×50 snaps up to the 128×64 step (images.test.ts covers the steps).
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 128, height: 64 });
    const big = await t.app.inject({ method: 'GET', url: `/api/image/${imageId}?sizex=800&shrink_only=T` });
    expect((await sharp(big.rawPayload).metadata()).width).toBe(400);
    const bad = await getJson(t.app, `/api/image/${imageId}?sizex=0`);
    expect(bad.status).toBe(400);
    expect((await getJson(t.app, '/api/image/01900000-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('resolves the seller: _seller by key or id, unknown → seller_not_found', async () => {
    expect((await getJson(t.app, '/api/events/available?_seller=testmuseum')).status).toBe(200);
    const unknown = await getJson(t.app, '/api/events/available?_seller=elsewhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body._data[0]._code).toBe('seller_not_found');
  });
});

describe('default seller and the storefront', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'foyer-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Foyer</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('uses FOYER_DEFAULT_SELLER when several sellers exist, and asks for _seller without one', async () => {
    const database = await freshDatabase('sqlite');
    try {
      await importCatalogFile(database.db, FIXTURE, NOW);
      await database.db.insertInto('seller').values({ id: 'other', catalog_key: 'other', name: 'Other', timezone: 'UTC', currency: 'EUR', meta: '{}' }).execute();
      const settings = { ...readSettings({}), webDist: dist };
      const ambiguous = await buildApp({ db: database.db, dialect: 'sqlite', settings, now: () => NOW });
      const res = await getJson(ambiguous, '/api/config?_embed=seller');
      expect(res.status).toBe(400);
      expect(res.body._data[0]._code).toBe('seller_not_found');
      await ambiguous.close();
      const chosen = await buildApp({ db: database.db, dialect: 'sqlite', settings: { ...settings, defaultSeller: 'testmuseum' }, now: () => NOW });
      expect((await getJson(chosen, '/api/config?_embed=seller')).body.seller._data[0].name).toBe('Test Museum');
      await chosen.close();
    } finally {
      await database.drop();
    }
  });

  it('serves the SPA with history fallback and long-lived hashed assets', async () => {
    const database = await freshDatabase('sqlite');
    const app = await buildApp({ db: database.db, dialect: 'sqlite', settings: { ...readSettings({}), webDist: dist }, now: () => NOW });
    try {
      for (const path of ['/', '/events', '/events/123?date=2026-01-01', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
