import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, SCREENSHOTS, seriousViolations, useStorefront, type Storefront } from './harness.js';

/**
 * Deep links and add-ons in a real Chromium against the real server and demo catalog: a link with
 * session=next and select=… lands on the tickets step with that ticket chosen; the Audio Guide
 * add-on is refused without an admission in the cart and accepted once one is there (reserved
 * straight from a deep link with reserve=1).
 */

const DEMO = join(new URL('..', import.meta.url).pathname, 'catalog', 'demo.json');

/** This file's catalog: the demo's, with an HTML description (and a script to be dropped) on the audio guide and a tag-manager id. */
function upsellCatalog(): string {
  const catalog = JSON.parse(readFileSync(DEMO, 'utf8')) as {
    images: { file: string }[];
    ticket_types: { key: string; description?: string }[];
    config: { resource: string; namespace: string; name: string; value: unknown }[];
  };
  // A tag-manager container: the storefront pushes its e-commerce events (the script itself is faked below).
  catalog.config.push({ resource: 'seller', namespace: 'web', name: 'tag_manager_id', value: 'GTM-E2ETEST' });
  for (const image of catalog.images) image.file = resolve(dirname(DEMO), image.file);
  catalog.ticket_types.find((t) => t.key === 'audio-guide')!.description =
    '<p>A handset with headphones and <strong>60 highlights</strong>.</p><script>window.hacked = true</script>';
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-catalog-')), 'catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

interface Listed {
  id: string;
  name: string;
}

async function eventId(base: string, name: string): Promise<string> {
  const body = (await (await fetch(`${base}/api/events/available?_limit=100`)).json()) as { event_template: { _data: Listed[] } };
  return body.event_template._data.find((e) => e.name === name)!.id;
}

async function typeId(base: string, event: string, name: string): Promise<string> {
  const body = (await (await fetch(`${base}/api/events/${event}?_embed=ticket_type`)).json()) as { ticket_type: { _data: Listed[] } };
  return body.ticket_type._data.find((t) => t.name === name)!.id;
}

/** What the screen shows (dialogs and fixed footers look wrong in a full-page capture). */
async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** The e-commerce events the page pushed to the tag manager's data layer: name and items. */
async function pushed(page: Page): Promise<{ event: string; items: { item_name: string; quantity: number }[]; transaction_id?: string; value?: number }[]> {
  return page.evaluate(() =>
    (
      (window as unknown as { dataLayer?: { event?: string; ecommerce?: { items: { item_name: string; quantity: number }[]; transaction_id?: string; value: number } | null }[] }).dataLayer ?? []
    )
      .filter((e) => e.ecommerce)
      .map((e) => ({
        event: e.event!,
        items: e.ecommerce!.items.map((i) => ({ item_name: i.item_name, quantity: i.quantity })),
        ...(e.event === 'begin_checkout' || e.event === 'purchase' ? { value: e.ecommerce!.value } : {}),
        ...(e.ecommerce!.transaction_id ? { transaction_id: e.ecommerce!.transaction_id } : {}),
      })),
  );
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('deep links and add-ons on %s', (label, viewport) => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)), () => ({ FOYER_SEED_FILE: upsellCatalog() }));

  it('session=next&select=<Child> lands on the tickets step of the first time on sale, one Child chosen', async () => {
    const ga = await eventId(sf.url, 'General Admission');
    const child = await typeId(sf.url, ga, 'Child');
    const { page, errors } = await newPage(browser, viewport);
    await page.goto(`${sf.url}/events/${ga}?session=next&select=${child}`);

    // The date and time steps are done (with Change actions), the tickets step is open.
    await expect.poll(() => page.getByRole('button', { name: 'Change time' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change date' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Choose your tickets' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Child quantity' }).inputValue()).toBe('1');
    expect(await page.getByRole('spinbutton', { name: 'Adult quantity' }).inputValue()).toBe('0');
    await expect.poll(() => page.getByTestId('reserve-bar').textContent()).toContain('1 ticket');
    // The time taken is the first one on sale: it matches the first open session of the API.
    const chosen = await page.locator('.step--done .step__chosen').last().textContent();
    expect(chosen).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, `deep-link-select-${label}`);
    await expectAccessible(page);

    // A link naming ticket types that do not exist says so and leaves the choice to the buyer.
    await page.goto(`${sf.url}/events/${ga}?session=next&student=2`);
    await expect.poll(() => page.getByText('We could not find the tickets in your link. Please choose your tickets below.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Adult quantity' }).isVisible()).toBe(true);
    // Strict mode words every problem the same (the generic unavailable text).
    await page.goto(`${sf.url}/events/${ga}?session=gone&reserve=strict`);
    await expect.poll(() => page.getByText('Sorry, these tickets are not available. Please choose other tickets.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('an add-on is refused without an admission in the cart and accepted with one', async () => {
    const ga = await eventId(sf.url, 'General Admission');
    const audio = await eventId(sf.url, 'Audio Guide');
    const { page, errors } = await newPage(browser, viewport);

    // No anchor: the listing leaves the add-on out, and its page refuses it.
    await page.goto(`${sf.url}/events`);
    await expect.poll(() => page.locator('article.event-card').count()).toBeGreaterThan(3);
    expect((await page.locator('article.event-card').allTextContents()).join('|')).not.toContain('Audio Guide');
    await page.goto(`${sf.url}/events/${audio}`);
    await expect.poll(() => page.getByText('Add an admission event to your cart first.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add one Audio guide' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Available dates' }).count()).toBe(0);
    // The way out: the admission event of the configuration.
    expect(await page.getByRole('link', { name: 'Choose admission tickets' }).getAttribute('href')).toBe(`/events/${ga}`);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, `addon-refused-${label}`);
    await expectAccessible(page);

    // An admission reserved straight from a link (reserve=1) goes on to the upsell listing.
    let gtm = 0;
    await page.route('https://www.googletagmanager.com/**', (route) => {
      gtm++;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await page.goto(`${sf.url}/events/${ga}?session=next&Adult=2&reserve=1`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 2 tickets' }).isVisible()).toBe(true);
    const card = page.getByRole('link', { name: /Audio Guide/ }).first();
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.click();

    // The add-on takes the admission's day; its all-day time is taken for the buyer.
    await expect.poll(() => page.getByText('The day of the visit in your cart.').isVisible()).toBe(true);
    const add = page.getByRole('button', { name: 'Add one Audio guide' });
    await expect.poll(() => add.isVisible()).toBe(true);
    expect(await page.getByText('Add an admission event to your cart first.').count()).toBe(0);
    // Nothing chosen yet: on a phone the reserve footer offers to skip the add-on (docs/events.md#upsells-and-add-ons).
    const skip = page.getByTestId('reserve-bar').getByRole('button', { name: 'Skip add-on' });
    expect(await skip.isVisible()).toBe(label === 'mobile');
    if (label === 'mobile') {
      await viewportShot(page, 'addon-skip-mobile');
      expect((await skip.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // The ticket type's description opens in the description modal, sanitised; Escape closes it.
    await page.getByRole('button', { name: 'More information about Audio guide' }).click();
    const about = page.getByRole('dialog', { name: 'Audio guide' });
    await expect.poll(() => about.getByText('60 highlights').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    await page.waitForTimeout(300); // the 200 ms transition
    await viewportShot(page, `description-modal-${label}`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => about.count()).toBe(0);

    if (label === 'mobile') {
      // Scrolled past the back link: the floating back button takes its place.
      const floating = page.getByTestId('floating-back');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => floating.count()).toBe(0);
      // Wheeled down until past the back link (one wheel may land before the page takes scrolls on a loaded machine).
      await expect
        .poll(async () => {
          await page.mouse.wheel(0, 600);
          return floating.isVisible();
        })
        .toBe(true);
      expect(await floating.getAttribute('href')).toBe('/events');
      expect((await floating.boundingBox())!.width).toBeGreaterThanOrEqual(44);
      // It never lies over the content: an opaque bar across the top that the page scrolls beneath.
      const bar = page.locator('.floating-back-bar');
      expect((await bar.boundingBox())!.width).toBe(page.viewportSize()!.width);
      expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(/);
      await viewportShot(page, 'floating-back-mobile');
      await page.mouse.wheel(0, -3000);
      await expect.poll(() => floating.count()).toBe(0);
    }

    await add.click();
    expect(await skip.count()).toBe(0);
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Audio guide quantity' }).inputValue()).toBe('1');
    await screenshot(page, `addon-accepted-${label}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reserve' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 3 tickets' }).isVisible()).toBe(true);
    // The tag manager was loaded once and told what happened, with the items.
    expect(gtm).toBe(1);
    expect(await pushed(page)).toEqual([
      { event: 'view_item', items: [expect.objectContaining({ item_name: 'Adult' }), expect.objectContaining({ item_name: 'Child' }), expect.objectContaining({ item_name: 'Senior' })] },
      { event: 'add_to_cart', items: [{ item_name: 'Adult', quantity: 2 }] },
      { event: 'view_item', items: [expect.objectContaining({ item_name: 'Audio guide' }), expect.objectContaining({ item_name: 'Family audio trail' })] },
      { event: 'add_to_cart', items: [{ item_name: 'Audio guide', quantity: 1 }] },
    ]);
    await page.getByRole('button', { name: 'Cart, 3 tickets' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart', exact: true });
    await expect.poll(() => drawer.getByText('1 × Audio guide').isVisible()).toBe(true);
    expect(await drawer.getByText('2 × Adult').isVisible()).toBe(true);
    await page.waitForTimeout(300); // the drawer's 200 ms transition
    await viewportShot(page, `addon-in-cart-${label}`);
    await expectAccessible(page);

    if (label === 'mobile') {
      // Back on the add-on with nothing chosen: 'Skip add-on' goes on (no more add-ons: checkout).
      await page.keyboard.press('Escape');
      await page.goto(`${sf.url}/events/${audio}`);
      const skipAgain = page.getByTestId('reserve-bar').getByRole('button', { name: 'Skip add-on' });
      await expect.poll(() => skipAgain.isVisible()).toBe(true);
      await skipAgain.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/checkout');
    }
    expect(errors).toEqual([]);
  });

  it('with a tag-manager id, begin_checkout and purchase reach the data layer with their items', async () => {
    const ga = await eventId(sf.url, 'General Admission');
    const { page, errors } = await newPage(browser, viewport);
    // GTM cannot load here (no internet): its script is answered empty and the data layer is read.
    await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await page.goto(`${sf.url}/events/${ga}?session=next&Adult=2&reserve=1`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
    // Into checkout without reloading (the data layer lives in the page): the cart's proceed button.
    await page.getByRole('button', { name: 'Cart, 2 tickets' }).click();
    await page.getByRole('dialog', { name: 'Your cart', exact: true }).getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'First name' }).isVisible()).toBe(true);
    await expect.poll(async () => (await pushed(page)).map((e) => e.event)).toEqual(['view_item', 'add_to_cart', 'begin_checkout']);
    expect((await pushed(page))[2]).toEqual({ event: 'begin_checkout', items: [{ item_name: 'Adult', quantity: 2 }], value: 50 });
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(`gtm-${label}-${Date.now()}@example.org`);
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
    await page.getByRole('button', { name: 'Pay $50' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
    await expect.poll(() => terms.isVisible()).toBe(true);
    await terms.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/complete');
    const orderIds = new URL(page.url()).searchParams.get('orderIds');
    await expect.poll(async () => (await pushed(page)).map((e) => e.event)).toEqual(['view_item', 'add_to_cart', 'begin_checkout', 'purchase']);
    expect((await pushed(page))[3]).toEqual({ event: 'purchase', items: [{ item_name: 'Adult', quantity: 2 }], value: 50, transaction_id: orderIds });
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

/** The demo catalog with the audio guide sold one per admission ticket (event meta tickets_must_match_anchor_tickets), one type only. */
function matchingCatalog(): string {
  const catalog = JSON.parse(readFileSync(DEMO, 'utf8')) as {
    images: { file: string }[];
    events: { key: string; meta?: Record<string, unknown>; ticket_groups: { types: { ticket_type: string }[] }[] }[];
  };
  for (const image of catalog.images) image.file = resolve(dirname(DEMO), image.file);
  const audio = catalog.events.find((e) => e.key === 'audio-guide')!;
  audio.meta = { ...audio.meta, tickets_must_match_anchor_tickets: true };
  audio.ticket_groups[0].types = audio.ticket_groups[0].types.filter((t) => t.ticket_type === 'audio-guide');
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-catalog-')), 'catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('an add-on matching its anchor on %s', (label, viewport) => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)), () => ({ FOYER_SEED_FILE: matchingCatalog() }));

  it('tickets_must_match_anchor_tickets: the add-on starts at the admission\'s ticket count, cannot exceed it, says why', async () => {
    const ga = await eventId(sf.url, 'General Admission');
    const audio = await eventId(sf.url, 'Audio Guide');
    const { page, errors } = await newPage(browser, viewport);
    await page.goto(`${sf.url}/events/${ga}?session=next&Adult=2&Child=1&reserve=1`);
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 3 tickets' }).isVisible()).toBe(true);
    await page.goto(`${sf.url}/events/${audio}`);
    await expect.poll(() => page.getByText('Add-on tickets must match the 3 admission tickets in your cart: choose 3.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Audio guide quantity' }).inputValue()).toBe('3');
    expect(await page.getByRole('button', { name: 'Add one Audio guide' }).isDisabled()).toBe(true);
    await screenshot(page, `addon-match-anchor-${label}`);
    await expectAccessible(page);
    // One fewer no longer matches: no reserve.
    await page.getByRole('button', { name: 'Remove one Audio guide' }).click();
    expect(await page.getByRole('button', { name: 'Reserve' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add one Audio guide' }).click();
    await page.getByRole('button', { name: 'Reserve' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 6 tickets' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
