import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copiedWebDist, DESKTOP, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { openOrderFound, paidOrder, signIn, staffAdd } from './box-office-steps.js';
import { expectAccessible } from './steps.js';

/**
 * The box office's changes (docs/box-office.md, Move and Complimentary tickets): an admin signs in
 * (TOTP), finds a paid General Admission order, moves its ticket to another session of the day —
 * refused first into a session with no places left (capacity checked), then into one with room —
 * and issues complimentary tickets from the Sessions screen; the order pages show both. A seated
 * ticket is moved into a seat chosen on the seat map (docs/box-office.md#seats).
 */

const DAY_MS = 86_400_000;

/** A session's capacity set by the admin's own PATCH (as the Sessions screen's Change capacity sends it). */
async function setCapacity(page: Page, sessionId: string, capacity: number) {
  const status = await page.evaluate(
    async ([id, value]) => (await fetch(`/api/admin/sessions/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ capacity: value }) })).status,
    [sessionId, capacity] as const,
  );
  expect(status).toBe(200);
}

describe('the box office moves tickets and issues comps', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)), copiedWebDist);

  it('moves a ticket to another session (a full one refused), issues comps; both on their order pages', async () => {
    const secret = staffAdd(sf, 'desk@museum.example');
    const bought = await paidOrder(sf.url, 'ada.move@example.org', { event: 'General Admission', type: 'Adult', amount: '25.00', session: (s) => s.availableCapacity > 10 && Date.parse(s.start_datetime) > Date.now() + 3 * DAY_MS });
    const { page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, sf.url, 'desk@museum.example', secret);
    await openOrderFound(page, 'ada.move@example.org');
    const tickets = page.getByRole('table', { name: 'Tickets' });
    const before = (await tickets.getByRole('row').nth(1).textContent()) ?? '';

    // The day's other sessions of the event, as the dialog lists them; the first of them is made full.
    const day = new Date(bought.start_datetime).toLocaleDateString('en-CA');
    const daySessions = async () => (await page.evaluate(async (d) => (await (await fetch(`/api/admin/sessions?date=${d}&_limit=200`)).json()) as { admin_session: { _data: { id: string; event_name: string; sold: number }[] } }, day)).admin_session._data.filter((s) => s.event_name === 'General Admission');
    const gaSessions = await daySessions();
    const [full, roomy] = gaSessions.filter((s) => s.id !== bought.id);
    expect(roomy).toBeDefined();
    await setCapacity(page, full.id, 0);

    await tickets.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Move selected tickets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to another session' });
    const radios = dialog.getByRole('radio');
    await radios.first().waitFor();
    const choose = async (id: string) => dialog.locator(`input[type="radio"][value="${id}"]`).check();
    await choose(full.id);
    await dialog.getByLabel('Reason').fill('Visitor booked the wrong time');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Tickets have sold out for this session.' }).waitFor();
    await choose(roomy.id);
    await expectAccessible(page);
    await screenshot(page, 'admin-move-dialog-desktop', { dialog: true });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Moved 1 ticket.' }).waitFor();
    // The old ticket cancelled, the new one booked in the new session.
    await expect.poll(async () => (await tickets.textContent()) ?? '').toContain('cancelled');
    const rows = await tickets.getByRole('row').allTextContents();
    expect(rows.filter((r) => r.includes('booked'))).toHaveLength(1);
    expect(rows.find((r) => r.includes('booked'))).not.toBe(before);
    await expect.poll(async () => (await page.getByRole('table', { name: 'Timeline' }).textContent()) ?? '').toContain('order.move');

    // Comps: two free tickets into the roomy session, from the Sessions screen.
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await page.getByLabel('Day', { exact: true }).fill(day);
    // The screen opens on today's sessions, which have General Admission Comps buttons too: wait for the chosen day's
    // list itself (asked once the new day has replaced today's table), or a click could land on one of today's.
    const dayListed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/sessions' && new URL(r.url()).searchParams.get('date') === day);
    await page.getByRole('button', { name: 'Show' }).click();
    expect((await dayListed).status()).toBe(200);
    // The Sessions table lists the day's sessions in start order, as the admin API does: the roomy one's Comps button.
    const compsButtons = page.getByRole('button', { name: /^Comps for General Admission/ });
    await compsButtons.first().waitFor();
    const index = gaSessions.findIndex((s) => s.id === roomy.id);
    await compsButtons.nth(index).click();
    const comps = page.getByRole('dialog', { name: 'Complimentary tickets' });
    await comps.getByLabel('Ticket type').selectOption({ label: 'Adult' });
    await comps.getByLabel('How many').fill('2');
    await comps.getByLabel('First name').fill('Press');
    await comps.getByLabel('Last name').fill('Guest');
    await comps.getByLabel('E-mail address').fill('press.guest@example.org');
    await comps.getByLabel('Reason').fill('Press visit');
    await expectAccessible(page);
    await screenshot(page, 'admin-comps-dialog-desktop', { dialog: true });
    await comps.getByRole('button', { name: 'Issue tickets' }).click();
    const issued = page.getByRole('status').filter({ hasText: /^Issued 2 complimentary tickets: order \d+\./ });
    await issued.waitFor();
    await issued.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: /^Order \d+$/ }).waitFor();
    const compRows = (await page.getByRole('table', { name: 'Tickets' }).getByRole('row').allTextContents()).slice(1);
    expect(compRows).toHaveLength(2);
    for (const r of compRows) expect(r).toContain('booked');
    expect((await page.locator('main').textContent()) ?? '').toContain('press.guest@example.org');
    await expectAccessible(page);

    // The moved ticket and the two comps hold places in the roomy session.
    expect((await daySessions()).find((s) => s.id === roomy.id)!.sold).toBe(3);
    expect(errors).toEqual([]);
  }, 180_000);

  it("moves a seated ticket to another evening into a seat chosen on the storefront's seat map", async () => {
    const secret = staffAdd(sf, 'seats@museum.example');
    const later = (s: { start_datetime: string }) => Date.parse(s.start_datetime) > Date.now() + 3 * DAY_MS;
    const bought = await paidOrder(sf.url, 'ada.seated@example.org', { event: 'An Evening Under the Stars', type: 'Adult', amount: '18.00', zone: 'value', session: later });
    const sessions = (await (await fetch(`${sf.url}/api/events/${bought.event_id}/sessions`)).json()) as { event_session: { _data: { id: string; start_datetime: string }[] } };
    const next = sessions.event_session._data.find((s) => later(s) && s.start_datetime > bought.start_datetime)!;
    const { page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, sf.url, 'seats@museum.example', secret);
    await openOrderFound(page, 'ada.seated@example.org');
    const tickets = page.getByRole('table', { name: 'Tickets' });
    await tickets.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Move selected tickets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to another session' });
    // The admin's days are the venue's: the demo seller's time zone (catalog/demo.json), where 19:30 is the next day in UTC.
    await dialog.getByLabel('Day', { exact: true }).fill(new Date(next.start_datetime).toLocaleDateString('en-CA', { timeZone: 'America/New_York' }));
    await dialog.locator(`input[type="radio"][value="${next.id}"]`).check();
    await dialog.getByLabel('Reason').fill('Visitor asked for another evening');
    // No seat yet: said on the screen, nothing sent.
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose a seat for each ticket.' }).waitFor();
    await dialog.getByRole('button', { name: 'Choose seats' }).click();
    const map = page.getByRole('dialog', { name: 'Choose your seats' });
    await map.getByRole('button', { name: 'Best available' }).click();
    await expectAccessible(page);
    await screenshot(page, 'admin-move-seat-map-desktop', { dialog: true });
    await map.getByRole('button', { name: 'Confirm Selection' }).click();
    await map.waitFor({ state: 'detached' });
    await expect.poll(async () => dialog.getByRole('alert').count()).toBe(0);
    const chosen = await dialog.getByRole('list', { name: 'Seats chosen' }).getByRole('listitem').allTextContents();
    expect(chosen).toHaveLength(1);
    await expectAccessible(page);
    await screenshot(page, 'admin-move-seated-dialog-desktop', { dialog: true });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Moved 1 ticket.' }).waitFor();
    await expect.poll(async () => (await tickets.getByRole('row').allTextContents()).find((r) => r.includes('booked')) ?? '').toContain(chosen[0]);
    expect(errors).toEqual([]);
  }, 180_000);
});
