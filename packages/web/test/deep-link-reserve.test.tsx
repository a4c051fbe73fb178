import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { disableTagManager } from '../src/shared/analytics/data-layer.js';
import { cartDocument, ticket } from './cart-fixtures.js';
import { calendarDocument, configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';

/**
 * Deep links that reserve (docs/deep-links.md#deep-links-to-an-event): with reserve on, the link's tickets go into the cart as
 * soon as its session is known; a refusal is shown as the server says it (warn) or as the generic
 * text (strict), and the buyer keeps the selection to finish by hand. With a tag-manager id the
 * add is pushed as add_to_cart.
 */

// The page does a few round trips first (config, event, session, availability): give them time.
const SLOW = { timeout: 8000 };

const refused = { status: 409, body: { _data: [{ _code: 'session_capacity_exceeded', _context: 'reserve', _description: 'Only 1 ticket is left for this time.', _extra: null }] } };

const codeRequired = {
  status: 400,
  body: { _data: [{ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _description: 'Enter your Friends code to book the preview.', _extra: { block_reason: 'code_required' } }] },
};

function server(options: { reserve?: 'ok' | 'refuse' | 'code_required'; config?: ReturnType<typeof configEntry>[]; event?: Parameters<typeof eventDocument>[0] } = {}): Handler {
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true), ...(options.config ?? [])]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument(options.event) };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s3', '2026-11-21', '13:00', 40)]) };
    if (url.pathname.startsWith('/api/code/')) return { body: { code: { _count: 1, _total: 1, _data: [{ code: 'WELCOME10', code_group_id: 'g1', valid_from: null, valid_to: null, exhausted: false }] } } };
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'POST') {
      if (options.reserve === 'refuse') return refused;
      if (options.reserve === 'code_required' && !(request.body as { preReservePromoCodes?: unknown }).preReservePromoCodes) return codeRequired;
      return { body: cartDocument({ tickets: [ticket({ ticket_type_id: 'tt-adult' }), ticket({ ticket_type_id: 'tt-adult' })] }) };
    }
    return undefined;
  };
}

useAppTestEnv();
beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  document.head.querySelectorAll('script[data-gtm]').forEach((s) => s.remove());
  disableTagManager();
});

describe('a deep link with reserve', () => {
  it('reserve=1: reserves the named tickets on the session and goes on (add_to_cart pushed with a tag-manager id)', async () => {
    const { calls } = installFetch(server({ reserve: 'ok', config: [configEntry('tag_manager_id', 'GTM-TEST12')] }));
    const router = renderApp(`/events/${EVENT_ID}?session=s3&adult=2&reserve=1`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'), SLOW);
    const post = calls.find((c) => c.url.pathname.startsWith('/api/my/cart') && c.method === 'POST')!;
    expect(post.body).toEqual({
      add: [
        { ticket_type_id: 'tt-adult', event_session_id: 's3' },
        { ticket_type_id: 'tt-adult', event_session_id: 's3' },
      ],
    });
    // The event page was viewed, then two Adults were added.
    const events = window.dataLayer!.filter((e): e is { event: string; ecommerce: { items: { item_id: string; quantity: number }[] } } => typeof e === 'object' && e !== null && 'ecommerce' in e && (e).ecommerce !== null);
    expect(events.map((e) => e.event)).toEqual(['view_item', 'add_to_cart']);
    expect(events[1].ecommerce.items).toMatchObject([{ item_id: 'tt-adult', quantity: 2 }]);
  });

  it('reserve=1 on tickets that need names (the event asks for them): the forms open instead of a reserve without them', async () => {
    const { calls } = installFetch(server({ reserve: 'ok', event: { meta: { admit_names: 'required' } } }));
    const router = renderApp(`/events/${EVENT_ID}?session=s3&adult=2&reserve=1`);
    expect(await screen.findByText(en.deepLinks.formsNeeded, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('2'), SLOW);
    expect(screen.getAllByLabelText(/name/i).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}`);
  });

  it('reserve=warn: a refusal shows the server text and leaves the selection to finish by hand', async () => {
    installFetch(server({ reserve: 'refuse' }));
    const router = renderApp(`/events/${EVENT_ID}?session=s3&Adult=2&reserve=warn`);
    expect(await screen.findByText('Only 1 ticket is left for this time.', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}`);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('2'), SLOW);
  });

  it('reserve=strict: the same refusal reads as the generic unavailable text', async () => {
    installFetch(server({ reserve: 'refuse' }));
    renderApp(`/events/${EVENT_ID}?session=s3&Adult=2&reserve=strict`);
    expect(await screen.findByText('Sorry, these tickets are not available. Please choose other tickets.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Only 1 ticket is left for this time.')).toBeNull();
  });

  it('reserve=strict with the seller’s web.tickets_unavailable_message: that text instead of the default', async () => {
    installFetch(server({ reserve: 'refuse', config: [configEntry('tickets_unavailable_message', 'These tickets are sold at the door today.')] }));
    renderApp(`/events/${EVENT_ID}?session=s3&Adult=2&reserve=strict`);
    expect(await screen.findByText('These tickets are sold at the door today.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Sorry, these tickets are not available. Please choose other tickets.')).toBeNull();
  });

  it('a link naming only a date does not reserve the time the buyer picks', async () => {
    const { calls } = installFetch(server({ reserve: 'ok' }));
    renderApp(`/events/${EVENT_ID}?date=2026-11-21&adult=2&reserve=1`);
    const time = await screen.findByRole('button', { name: /1:00 PM/ }, SLOW);
    fireEvent.click(time);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('2'), SLOW);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('without reserve nothing is posted; the quantities are preselected', async () => {
    const { calls } = installFetch(server({ reserve: 'ok' }));
    renderApp(`/events/${EVENT_ID}?session=s3&tt-child=3`);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Child quantity' }).value).toBe('3'), SLOW);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(window.dataLayer).toEqual([]); // no tag-manager id: nothing pushed
  });

  it('reserves as every reserve does: the link’s ?code= goes along as a preloaded code', async () => {
    const { calls } = installFetch(server({ reserve: 'ok' }));
    const router = renderApp(`/events/${EVENT_ID}?session=s3&adult=1&reserve=1&code=welcome10`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'), SLOW);
    const post = calls.find((c) => c.url.pathname.startsWith('/api/my/cart') && c.method === 'POST')!;
    expect(post.body).toEqual({ add: [{ ticket_type_id: 'tt-adult', event_session_id: 's3' }], preloadedPromoCodes: ['WELCOME10'] });
  });

  it('a code-required group opens the code modal and the reserve is retried with the code', async () => {
    const { calls } = installFetch(server({ reserve: 'code_required' }));
    const router = renderApp(`/events/${EVENT_ID}?session=s3&adult=1&reserve=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Enter your code' }, SLOW);
    expect(within(dialog).getByText('Enter your Friends code to book the preview.')).toBeTruthy();
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'FRIENDS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'), SLOW);
    const posts = calls.filter((c) => c.url.pathname.startsWith('/api/my/cart') && c.method === 'POST').map((c) => (c.body as { preReservePromoCodes?: string[] }).preReservePromoCodes ?? null);
    expect(posts).toEqual([null, ['FRIENDS']]);
  });
});
