import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readSettings } from '../src/settings.js';
import { freshDatabase } from './harness.js';

/** Issue 28, request logging (docs/deploy.md, Monitoring): no line per request by default; failures and slow answers with their request id. */
describe('request logging', () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  async function appLogging(env: Record<string, string>, level: string) {
    const db = await freshDatabase('sqlite');
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp({ db: db.db, dialect: 'sqlite', settings: { ...readSettings(env), webDist: '/nonexistent' }, now: () => new Date() }, { logger: { level, stream } });
    app.get('/api/test/boom', () => Promise.reject(new Error('boom')));
    app.get('/api/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      return { ok: true };
    });
    close = async () => {
      await app.close();
      await db.drop();
    };
    return { app, lines };
  }

  it('logs nothing for answered requests at info; a 5xx and a slow answer are warn lines with the request id; a 4xx only at debug', async () => {
    const { app, lines } = await appLogging({ FOYER_SLOW_REQUEST_MS: '300' }, 'info');
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/no-such-thing')).statusCode).toBe(404);
    expect(lines.filter((l) => /request/.test(String(l.msg)))).toEqual([]);

    const boom = await app.inject({ url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-0001' } });
    expect(boom.statusCode).toBe(500);
    const slow = await app.inject({ url: '/api/test/slow', headers: { 'x-request-id': 'req-slow-0001' } });
    expect(slow.statusCode).toBe(200);
    const warned = lines.filter((l) => l.level === 40);
    expect(warned.map((l) => [l.msg, l.reqId, (l.res as { statusCode: number }).statusCode])).toEqual([
      ['request failed', 'req-boom-0001', 500],
      ['slow request', 'req-slow-0001', 200],
    ]);
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('logs a 4xx at debug with its request id', async () => {
    const { app, lines } = await appLogging({}, 'debug');
    await app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': 'req-404-00001' } });
    await app.inject('/api/health');
    const refused = lines.filter((l) => l.msg === 'request refused');
    expect(refused.map((l) => [l.level, l.reqId, (l.res as { statusCode: number }).statusCode])).toEqual([[20, 'req-404-00001', 404]]);
  });

  it('LOG_REQUESTS=true brings back a line per request', async () => {
    const { app, lines } = await appLogging({ LOG_REQUESTS: 'true' }, 'info');
    await app.inject({ url: '/api/health', headers: { 'x-request-id': 'req-each-0001' } });
    expect(lines.filter((l) => l.reqId === 'req-each-0001').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('refuses a LOG_REQUESTS that is not a boolean', () => {
    expect(() => readSettings({ LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS must be true or false/);
    expect(() => readSettings({ FOYER_SLOW_REQUEST_MS: '0' })).toThrow(/FOYER_SLOW_REQUEST_MS/);
  });
});
