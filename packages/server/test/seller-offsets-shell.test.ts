import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, testApp, type TestApp } from './harness.js';

/**
 * Seller meta `offsets` (docs/catalog.md#4-seller-venues-and-images) are in the HTML shell's :root style, so the first
 * paint has the seller's header and logo sizes before the app runs.
 */
describe.each(dialects())('the seller’s sizes in the HTML shell on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    t = await testApp(dialect, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts meta offsets in the :root style; leaves out a value that is no whole pixel size', async () => {
    // Before the first page: the seller is then cached for a while.
    await t.db.updateTable('seller').set({ meta: JSON.stringify({ offsets: { header: 140, logo: 48, mobile_footer: '1e3', mobile_cart_footer: '200;}' } }) }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/user/forgot-password' });
    const style = /<style>:root\{([^<]*)\}<\/style>/.exec(res.body)?.[1];
    expect(style?.split(';').sort()).toEqual(['--header-height-desktop:140px', '--logo-height:48px']);
  });
});
