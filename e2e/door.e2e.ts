import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_CARDS } from '@foyer/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@foyer/contracts/rules';
import { dayBounds } from '../packages/server/src/time/venue-time.js';
import { qrPng } from '../packages/server/src/orders/qr-code.js';
import { copiedWebDist, DESKTOP, launchBrowser, MOBILE, newPage, screenshot, startStorefront, type Storefront } from './harness.js';
import { apiClient, expectAccessible, expectNoSidewaysScroll, runSql } from './steps.js';

/** Anna signs in at the door with her staff account; Ben's door is a hardware scanner client with a token. */
const ANNA = 'anna@museum.example';
const ANNA_PASSWORD = 'door-password-for-anna-0123';
const BEN = 'ben-door-token-0123456789abcdefghijklmnop';

/**
 * The door screen (issue 31, docs/door.md) in Chromium with a fake camera: each journey's camera
 * films a ticket's QR code — Foyer's own QR PNG of its scan code, turned into a Y4M video here (a
 * header, then planar YUV 4:2:0 frames) — and Chromium's fake capture device plays it in a loop.
 */

/** `npm run foyer -- staff add <email> --role door --password-stdin` against the running storefront's database. */
function addDoorStaff(sf: Storefront, email: string, password: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'staff', 'add', email, '--role', 'door', '--password-stdin'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, DATABASE_URL: sf.databaseUrl, FOYER_PUBLIC_URL: sf.url },
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`staff add failed (${run.status}): ${run.stdout}${run.stderr}`);
}

function query<T>(sf: Storefront, statement: string, ...args: unknown[]): T[] {
  const db = new Database(sf.databaseUrl.slice('sqlite:'.length), { readonly: true });
  try {
    return db.prepare(statement).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** Tickets of a paid order of `quantity` adults, bought through the API by a guest. */
async function buyTickets(sf: Storefront, sessionId: string, quantity: number, first: string): Promise<string[]> {
  const api = apiClient(sf.url);
  const [type] = query<{ id: string }>(sf, "SELECT id FROM ticket_type WHERE catalog_key = 'adult'");
  const made = await api('POST', '/api/my/cart/modify', { add: Array.from({ length: quantity }, () => ({ ticket_type_id: type.id, event_session_id: sessionId })) }, { app: 'ecomm' });
  const cart = made.cart._data[0] as { id: string };
  const user = await api('POST', '/api/user', { first_name: first, last_name: 'Visitor', email: `${first.toLowerCase()}-${Date.now()}@example.com` }, { app: 'ecomm' });
  await api('POST', `/api/cart/${cart.id}/guest_checkout`, { guest_identity_id: user.user._data[0].identity_id }, { app: 'ecomm' });
  const again = await api('GET', `/api/cart/${cart.id}`, undefined, { app: 'ecomm' });
  const amount = (again.cart._data[0] as { cart_fees: { total_outstanding: string } }).cart_fees.total_outstanding;
  await api('POST', `/api/cart/${cart.id}/pay`, { amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, terms_accepted: true }, { app: 'ecomm' });
  return query<{ scan_code: string }>(sf, 'SELECT scan_code FROM ticket WHERE cart_id = ? ORDER BY id', cart.id).map((r) => r.scan_code);
}

/** The luma of Foyer's QR PNG of a code, read by a browser (no PNG decoder needed here). */
async function qrLuma(browser: Browser, code: string): Promise<{ width: number; height: number; luma: number[] }> {
  const png = await qrPng(code, { width: 360, margin: 4 });
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height });
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, img.width, img.height);
      const luma: number[] = [];
      for (let i = 0; i < data.length; i += 4) luma.push(Math.round(0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]));
      return { width: img.width, height: img.height, luma };
    }, `data:image/png;base64,${png.toString('base64')}`);
  } finally {
    await page.close();
  }
}

/** A Y4M file (640×480, 4:2:0) showing the image in the middle of a white frame. */
function writeY4m(path: string, image: { width: number; height: number; luma: number[] }) {
  const W = 640;
  const H = 480;
  const y = Buffer.alloc(W * H, 255);
  const left = Math.floor((W - image.width) / 2);
  const top = Math.floor((H - image.height) / 2);
  for (let row = 0; row < image.height; row++) for (let col = 0; col < image.width; col++) y[(top + row) * W + left + col] = image.luma[row * image.width + col]!;
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

describe('the door screen with a camera', () => {
  let sf: Storefront;
  let plain: Browser;
  const opened: Browser[] = [];
  let sessions: { id: string; start_datetime: string; event_name: string }[];

  /** Every journey's tickets, bought in beforeAll while their sessions were still on sale. */
  let codes: { ada: string; grace: string; alan: string; mary: string[] };

  beforeAll(async () => {
    sf = await startStorefront({ ...copiedWebDist(), FOYER_STAFF_TOKENS: `Ben:${BEN}` });
    addDoorStaff(sf, ANNA, ANNA_PASSWORD);
    plain = await launchBrowser();
    // Independent of the hour the journeys run at: two General Admission sessions on sale (days
    // ahead) sell the journeys' tickets, then both are moved to today, 11:07 and 13:07 in the
    // seller's zone — the door lists a day's sessions whether they are still to come or not.
    const [seller] = query<{ timezone: string }>(sf, 'SELECT timezone FROM seller LIMIT 1');
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const picked = query<{ id: string; start_datetime: string; end_datetime: string }>(
      sf,
      "SELECT event_session.id, start_datetime, end_datetime FROM event_session JOIN event_template ON event_template.id = event_session.event_template_id WHERE event_template.name = 'General Admission' AND start_datetime > ? AND capacity - used_capacity >= 4 ORDER BY start_datetime LIMIT 2",
      ahead,
    );
    // Room for the four tickets bought below: the demo sells some sessions out (catalog/demo.json session_usage).
    expect(picked.length, 'two General Admission sessions on sale').toBe(2);
    const [ada, grace, alan, mary] = [
      await buyTickets(sf, picked[0].id, 1, 'Ada'),
      await buyTickets(sf, picked[1].id, 1, 'Grace'),
      await buyTickets(sf, picked[0].id, 1, 'Alan'),
      await buyTickets(sf, picked[0].id, 2, 'Mary'),
    ];
    codes = { ada: ada[0], grace: grace[0], alan: alan[0], mary: mary };
    const midnight = Date.parse(dayBounds(localDate(new Date().toISOString(), seller.timezone), seller.timezone).start);
    picked.forEach((s, i) => {
      const start = midnight + (11 + 2 * i) * 3_600_000 + 7 * 60_000;
      const sameFormat = (ms: number) => (s.start_datetime.includes('.') ? new Date(ms).toISOString() : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      runSql(sf, 'UPDATE event_session SET start_datetime = ?, end_datetime = ? WHERE id = ?', sameFormat(start), sameFormat(start + Date.parse(s.end_datetime) - Date.parse(s.start_datetime)), s.id);
    });
    const answer = await fetch(`${sf.url}/api/door/sessions`, { headers: { authorization: `Bearer ${BEN}` } });
    const today = ((await answer.json()) as { door_session: { _data: typeof sessions } }).door_session._data;
    sessions = picked.map((p) => today.find((s) => s.id === p.id)!);
    expect(sessions.every(Boolean), 'both sessions listed at the door today').toBe(true);
  });
  afterAll(async () => {
    for (const b of opened) await b.close();
    // Unset when beforeAll failed before starting them.
    await (plain as Browser | undefined)?.close();
    await (sf as Storefront | undefined)?.stop();
  });

  /** A browser whose camera films this code. */
  async function cameraOn(code: string): Promise<Browser> {
    const file = join(sf.databaseUrl.slice('sqlite:'.length), '..', `camera-${code}.y4m`);
    writeY4m(file, await qrLuma(plain, code));
    const browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`]);
    opened.push(browser);
    return browser;
  }

  async function openDoor(browser: Browser, sessionId: string, viewport = MOBILE, before?: (page: Page) => Promise<unknown>, shot?: string) {
    const { context, page, errors } = await newPage(browser, viewport);
    await context.grantPermissions(['camera'], { origin: sf.url });
    await before?.(page);
    await page.goto(`${sf.url}/admin/door`);
    await page.getByLabel('E-mail').fill(ANNA);
    await page.getByLabel('Password').fill(ANNA_PASSWORD);
    if (shot) await screenshot(page, 'door-sign-in-390');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Session').selectOption(sessionId);
    if (shot) {
      await expectAccessible(page);
      await screenshot(page, shot);
    }
    await page.getByRole('button', { name: 'Start scanning' }).click();
    await expect.poll(() => page.getByTestId('door-connection').textContent(), { timeout: 15_000 }).toContain('Online');
    return { context, page, errors };
  }

  const result = (page: Page) => page.locator('.door-result');

  it('admits a ticket the camera reads, green with its type and name; the same code again is amber with when and by whom', async () => {
    const code = codes.ada;
    const { page, errors } = await openDoor(await cameraOn(code), sessions[0].id, MOBILE, undefined, 'door-session-390');
    await expect.poll(() => result(page).getAttribute('data-outcome'), { timeout: 20_000 }).toBe('admitted');
    const green = await result(page).innerText();
    expect(green).toContain('Admitted');
    expect(green).toContain('Adult');
    expect(green).toContain('Ada Visitor');
    await screenshot(page, 'door-admitted-390');
    expect(query<{ state: string }>(sf, 'SELECT state FROM ticket WHERE scan_code = ?', code)[0].state).toBe('redeemed');
    // Kept in front of the camera, it counts once; the result clears by itself for the next scan.
    await expect.poll(() => result(page).count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(1_500);
    expect(await result(page).count()).toBe(0);
    await expectNoSidewaysScroll(page, MOBILE.width);
    await expectAccessible(page);
    await screenshot(page, 'door-scanning-390');
    // The same code again, from a hardware scanner (it types and presses Enter): amber, when and by whom.
    await page.getByLabel('Ticket or member code').fill(code);
    await page.keyboard.press('Enter');
    await expect.poll(() => result(page).getAttribute('data-outcome')).toBe('already_admitted');
    expect(await result(page).innerText()).toMatch(/Already admitted at \d{1,2}:\d\d [AP]M by anna@museum\.example/);
    await screenshot(page, 'door-already-390');
    await expect.poll(() => page.getByTestId('door-count').textContent()).toMatch(/^1 of \d+ admitted$/);
    await expect.poll(() => result(page).count(), { timeout: 10_000 }).toBe(0);
    // Undo: the ticket is booked again and the log says who undid it.
    await page.getByRole('button', { name: 'Undo last admission' }).click();
    await expect.poll(() => page.locator('.door-scans').innerText()).toContain(`Undone by ${ANNA}`);
    expect(query<{ state: string }>(sf, 'SELECT state FROM ticket WHERE scan_code = ?', code)[0].state).toBe('booked');
    await expect.poll(() => page.getByTestId('door-count').textContent()).toMatch(/^0 of \d+ admitted$/);
    // A visitor without their code: found by name, the ticket ticked and admitted.
    await page.getByRole('button', { name: 'Find by name or order' }).click();
    await page.getByLabel('Name or order number').fill('Ada Vis');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('checkbox', { name: /Adult · Ada Visitor/ }).check();
    await page.getByRole('button', { name: 'Admit selected (1)' }).click();
    await expect.poll(() => page.getByTestId('door-count').textContent()).toMatch(/^1 of \d+ admitted$/);
    expect(query<{ state: string }>(sf, 'SELECT state FROM ticket WHERE scan_code = ?', code)[0].state).toBe('redeemed');
    await expectAccessible(page);
    await screenshot(page, 'door-lookup-390');
    expect(errors).toEqual([]);
  });

  it('refuses a ticket of another session today: red, with the session it is for', async () => {
    const code = codes.grace;
    const { page } = await openDoor(await cameraOn(code), sessions[0].id);
    await expect.poll(() => result(page).getAttribute('data-outcome'), { timeout: 20_000 }).toBe('refused');
    expect(await result(page).innerText()).toMatch(/Wrong session: this ticket is for \d{1,2}:\d\d [AP]M/);
    await screenshot(page, 'door-wrong-session-390');
    expect(query<{ state: string }>(sf, 'SELECT state FROM ticket WHERE scan_code = ?', code)[0].state).toBe('booked');
  });

  it('refuses a cancelled ticket: red, cancelled', async () => {
    const code = codes.alan;
    runSql(sf, "UPDATE ticket SET state = 'cancelled' WHERE scan_code = ?", code);
    const { page } = await openDoor(await cameraOn(code), sessions[0].id, DESKTOP);
    await expect.poll(() => result(page).getAttribute('data-outcome'), { timeout: 20_000 }).toBe('refused');
    expect(await result(page).innerText()).toContain('This ticket was cancelled');
    await screenshot(page, 'door-cancelled-1280');
  });

  it('offline: says so at once, admits against the downloaded list and queues; back online it syncs and reports the code another door admitted first', async () => {
    const [filmed, typed] = codes.mary;
    // This door starts with its camera off (a door with a hardware scanner), so nothing is read online.
    const { context, page, errors } = await openDoor(await cameraOn(filmed), sessions[0].id, DESKTOP, (p) => p.addInitScript(() => localStorage.setItem('foyer:door-camera', 'off')));
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('door-connection').textContent(), { timeout: 2_000 }).toContain('Offline — checking against the list downloaded at');
    // A hardware scanner types the code and presses Enter.
    await page.getByLabel('Ticket or member code').fill(typed);
    await page.keyboard.press('Enter');
    await expect.poll(() => result(page).innerText()).toContain('Admitted (offline, will sync)');
    await page.getByRole('button', { name: 'Turn camera on' }).click();
    await expect.poll(() => page.getByTestId('door-connection').textContent(), { timeout: 20_000 }).toContain('2 waiting to sync');
    await expect.poll(() => result(page).count()).toBe(0);
    await screenshot(page, 'door-offline-1280');
    // Meanwhile Ben's door let the filmed code in.
    const ben = await fetch(`${sf.url}/api/door/sessions/${sessions[0].id}/scan`, { method: 'POST', headers: { authorization: `Bearer ${BEN}`, 'content-type': 'application/json', app: 'ecomm' }, body: JSON.stringify({ scan_code: filmed }) });
    expect(((await ben.json()) as { door_scan: { outcome: string } }).door_scan.outcome).toBe('admitted');
    await context.setOffline(false);
    const conflicts = page.getByRole('alert').filter({ hasText: 'Conflicts after sync' });
    await expect.poll(() => conflicts.count(), { timeout: 20_000 }).toBe(1);
    expect(await conflicts.innerText()).toMatch(new RegExp(`${filmed} — Already admitted at \\d{1,2}:\\d\\d [AP]M by Ben`));
    await expect.poll(() => page.getByTestId('door-connection').textContent()).toBe('Online');
    expect(query<{ scan_code: string; state: string }>(sf, 'SELECT scan_code, state FROM ticket WHERE scan_code IN (?, ?) ORDER BY scan_code', filmed, typed)).toEqual(
      [{ scan_code: filmed, state: 'redeemed' }, { scan_code: typed, state: 'redeemed' }].sort((a, b) => a.scan_code.localeCompare(b.scan_code)),
    );
    await expect.poll(() => result(page).count()).toBe(0);
    await screenshot(page, 'door-conflict-1280');
    expect(errors).toEqual([]);
  });
});
