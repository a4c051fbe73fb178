import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROMO_TEXT } from '@foyer/contracts';
import { renderApp } from './render-app.js';
import { cartDocument } from './cart-fixtures.js';
import { calendarDocument, configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { useAppTestEnv } from './app-test-env.js';

/** The code modal (docs/promotions.md#the-storefront, docs/promotions.md#applying-codes): a reserve refused with code_required asks for a code and retries with it as a pre-reserve code. */
const codeRequired = {
  status: 400,
  body: { _data: [{ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _description: 'Enter your Friends code to book the preview.', _extra: { block_reason: 'code_required' } }] },
};
const citypassRefused = {
  status: 400,
  body: { _data: [{ _code: 'invalid_citypass', _context: 'promo_code', _description: PROMO_TEXT.citypassFormat, _extra: { code: 'XYZ123', handler: 'citypass' } }] },
};
const notFound = (code: string) => ({ status: 404, body: { _data: [{ _code: 'code_not_found', _context: 'promo_code', _description: `${code} is not a valid promo code.`, _extra: { code } }] } });

function server(options: { citypass?: boolean } = {}) {
  const event = eventDocument();
  // Event configuration web.ecommerce.citypass (docs/promotions.md#cart-modifiers): the city-pass field shows.
  if (options.citypass) (event as { config: unknown }).config = { _count: 1, _total: 1, _data: [configEntry('ecommerce.citypass', true, EVENT_ID)] };
  return (url: URL, request: { method: string; body: unknown }) => {
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true)]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: event };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
    if (url.pathname === `/api/events/${EVENT_ID}/sessions` && url.searchParams.get('ticket_group_id._in')) {
      const id = url.searchParams.get('id')!;
      return { body: sessionsDocument([{ ...session(id, '2026-11-21', '13:00', 40), id }]) };
    }
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) {
      const date = url.searchParams.get('_ondate') ?? '2026-11-21';
      return { body: sessionsDocument([session('s1', date, '09:00', 0), session('s2', date, '10:30', 4), session('s3', date, '13:00', 40), session('s4', date, '14:00', -1)]) };
    }
    if (url.pathname === '/api/my/cart/modify' && request.method === 'POST') {
      if (options.citypass) return citypassRefused;
      const codes = (request.body as { preReservePromoCodes?: string[] }).preReservePromoCodes;
      if (!codes) return codeRequired;
      return codes[0].toUpperCase() === 'FRIENDS' ? { body: cartDocument() } : notFound(codes[0].toUpperCase());
    }
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: cartDocument() };
    return undefined;
  };
}

useAppTestEnv();

/** Picks the first date, 1:00 PM and one Adult, then presses Reserve. */
async function reserveOneAdult() {
  fireEvent.click(within(await screen.findByRole('list', { name: 'Available dates' })).getAllByRole('button')[0]);
  const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
  fireEvent.click(within(tablist).getAllByRole('tab')[1]);
  fireEvent.click(within(screen.getByRole('list', { name: 'Afternoon times' })).getByRole('button', { name: /1:00 PM/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'Add one Adult' }));
  fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
}

describe('a code-required reserve', () => {
  it('opens the code modal with the server’s description, shows a wrong code’s text, and reserves with the right one', async () => {
    const { calls } = installFetch(server());
    const router = renderApp(`/events/${EVENT_ID}`);
    await reserveOneAdult();

    const dialog = await screen.findByRole('dialog', { name: 'Enter your code' });
    expect(within(dialog).getByText('Enter your Friends code to book the preview.')).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'Code' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    fireEvent.input(field, { target: { value: 'x' } });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.input(field, { target: { value: 'enemies' } });
    fireEvent.click(apply);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('ENEMIES is not a valid promo code.'));
    // docs/promotions.md#applying-codes: a code modal failure shows above the form.
    const form = dialog.querySelector('form')!;
    const alert = within(dialog).getByRole('alert');
    expect(form.contains(alert)).toBe(false);
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.input(field, { target: { value: ' FRIENDS ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const posts = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/my/cart/modify').map((c) => (c.body as { preReservePromoCodes?: string[] }).preReservePromoCodes ?? null);
    expect(posts).toEqual([null, ['enemies'], ['FRIENDS']]);
  });

  it('a refused CityPASS voucher (invalid_citypass) shows at the city-pass field, not as the reserve form’s error (docs/promotions.md#applying-codes)', async () => {
    const { calls } = installFetch(server({ citypass: true }));
    renderApp(`/events/${EVENT_ID}`);
    const panel = await screen.findByRole('region', { name: 'CityPASS' });
    fireEvent.input(within(panel).getByRole('textbox', { name: 'CityPASS code' }), { target: { value: 'xyz-123' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    await reserveOneAdult();
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(PROMO_TEXT.citypassFormat));
    expect(screen.getAllByText(PROMO_TEXT.citypassFormat)).toHaveLength(1);
    expect(within(panel).getByRole('textbox', { name: 'CityPASS code' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reserve' }).disabled).toBe(false);
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/my/cart/modify')!;
    expect((post.body as { preReservePromoCodes: unknown }).preReservePromoCodes).toEqual([{ code: 'XYZ123', handler: 'citypass' }]);
    // Taking the voucher out clears the refusal.
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove code XYZ123' }));
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(''));
  });
});
