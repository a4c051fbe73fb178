import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../src/settings.js';
import { dialects, testApp } from './harness.js';

/** Apple Pay's domain-association file (docs/payments.md "Apple Pay and Google Pay in production"). */
describe.each(dialects())('the Apple Pay domain-association file on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-apple-'));
  const file = join(dir, 'apple-developer-merchantid-domain-association');
  // Stripe's file is a long hex string; any bytes are served as they are.
  const content = '7B2270737049223A2239353542323935313737433946373245';
  writeFileSync(file, content);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('configured: served as it is, as plain text, cacheable, with no cookie', async () => {
    const t = await testApp(dialect, { env: { APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' });
      expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([200, content, 'text/plain']);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('not configured: a plain 404, not the storefront page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const t = await testApp(dialect, { webDist: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<html');
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('a file that is not there stops the start with the setting named', () => {
    expect(() => readSettings({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: join(dir, 'missing') })).toThrow(SettingsError);
    expect(() => readSettings({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: join(dir, 'missing') })).toThrow(/APPLE_PAY_DOMAIN_ASSOCIATION_FILE/);
  });
});
