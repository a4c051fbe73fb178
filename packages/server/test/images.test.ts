import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBox, snapSide } from '../src/images/image-sizes.js';
import { RenderPool } from '../src/images/render-pool.js';
import { dialects, getJson, testApp, type TestApp } from './harness.js';

describe('image size steps', () => {
  it('snaps a side up to the next step, the storefront sizes exactly, huge ones to the largest', () => {
    expect([snapSide(1), snapSide(100), snapSide(271), snapSide(272), snapSide(1500), snapSide(3999)]).toEqual([32, 128, 272, 272, 1500, 2000]);
  });

  it('never renders a raster image larger than its original, keeping the box proportions', () => {
    expect(renderBox({ width: 3999, height: 3999 }, { width: 400, height: 300, vector: false })).toEqual({ width: 300, height: 300 });
    expect(renderBox({ width: 800 }, { width: 400, height: 300, vector: false })).toEqual({ width: 400, height: undefined });
    expect(renderBox({ width: 800 }, { width: 400, height: 300, vector: false }, false)).toEqual({ width: 400, height: undefined });
    // Vectors stay crisp: they grow to the step when shrink_only is false.
    expect(renderBox({ width: 800 }, { width: 40, height: 30, vector: true }, false)).toEqual({ width: 800, height: undefined });
    expect(renderBox({ width: 800 }, { width: 40, height: 30, vector: true })).toEqual({ width: 40, height: undefined });
  });
});

describe('render pool', () => {
  it('runs at most its slots at once and refuses when the queue is full', async () => {
    const pool = new RenderPool(2, 1);
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const job = () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        release.push(() => {
          running--;
          resolve('done');
        });
      });
    const started = [pool.run(job), pool.run(job), pool.run(job)];
    expect(await pool.run(job)).toBeNull();
    expect(pool.depth).toEqual({ running: 2, waiting: 1 });
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(started)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    expect(pool.depth).toEqual({ running: 0, waiting: 0 });
  });
});

describe.each(dialects())('images (%s)', (dialect) => {
  let t: TestApp;
  let imageId: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_IMAGE_RENDERS_PER_MINUTE: '3' } });
    const svg = (await getJson(t.app, '/api/events/available')).body.event_template._data[0].meta.image_profile;
    const seller = await t.db.selectFrom('image').select('seller_id').where('id', '=', svg).executeTakeFirstOrThrow();
    // A raster original of 400×300 (the fixture's own image is a vector).
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } }).png().toBuffer();
    imageId = '01900000-0000-7000-8000-0000000000aa';
    await t.db.insertInto('image').values({ id: imageId, seller_id: seller.seller_id, catalog_key: 'raster', content_type: 'image/png', width: 400, height: 300, alt_text: null, data }).execute();
  });
  afterAll(() => t.close());

  const image = (query: string, ip = '10.0.0.1') => t.app.inject({ method: 'GET', url: `/api/image/${imageId}?${query}`, remoteAddress: ip });

  it('never upscales a huge request, and near sizes share one cached rendition', async () => {
    const huge = await image('sizex=3999&sizey=3999&shrink_only=false');
    expect(huge.statusCode).toBe(200);
    expect(await sharp(huge.rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });
    const card = await image('sizex=272&sizey=216');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 272, height: 216 });
    const near = await image('sizex=271&sizey=215');
    expect(near.headers.etag).toBe(card.headers.etag);
  });

  it('limits resizes (cache misses) per client address with 429, Retry-After and the envelope; cached sizes still served', async () => {
    // Two misses so far from 10.0.0.1 (3999 and 272); one more is allowed.
    expect((await image('sizex=64')).statusCode).toBe(200);
    const refused = await image('sizex=96');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)._data[0]).toMatchObject({ _code: 'rate_limited' });
    expect((await image('sizex=272&sizey=216')).statusCode).toBe(200);
    expect((await image('sizex=96', '10.0.0.2')).statusCode).toBe(200);
    // Unknown ids count too: they cost a query each.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/image/01900000-0000-7000-8000-000000000000', remoteAddress: '10.0.0.1' });
    expect(unknown.statusCode).toBe(429);
  });
});
