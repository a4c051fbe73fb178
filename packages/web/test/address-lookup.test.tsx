import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/api/client.js';
import { queryClient } from '../src/api/query-client.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { resetErrorReports } from '../src/lib/report-error.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, configEntry, installFetch, SELLER_ID, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';

/** Address autocomplete in the checkout (docs/checkout.md#address-lookup), against a fake of the server's lookup calls. */

const suggestions = {
  fifth: [{ id: 'US|1', type: 'Address', text: '1000 Fifth Avenue', description: 'New York NY 10028' }],
  street: [{ id: 'US|C1', type: 'Container', text: '11 West 53rd Street', description: '2 Addresses' }],
  inside: [
    { id: 'US|2', type: 'Address', text: '11 West 53rd Street, Floor 1', description: 'New York NY 10019' },
    { id: 'US|3', type: 'Address', text: '11 West 53rd Street, Floor 2', description: 'New York NY 10019' },
  ],
};
const retrieved = { id: 'US|3', address: '11 West 53rd Street', address_more: 'Floor 2', city: 'New York', state: 'NY', zip_code: '10019', country: 'us' };
const FORM = [{ key: 'address', required: true }, { key: 'address_more' }, { key: 'city', required: true }, { key: 'zip_code', required: true }];

function server(options: { lookup?: boolean; mode?: string; fail?: boolean } = {}): Handler {
  const cart = cartDocument();
  const entries = [configEntry('identity_form', FORM), configEntry('address_mode', options.mode ?? 'autocomplete')];
  if (options.lookup !== false) entries.push(configEntry('address_lookup', true));
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument(entries) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cart };
    if (url.pathname === '/api/client_error') return { body: { received: true } };
    if (url.pathname === '/api/address/find') {
      if (options.fail) return { status: 400, body: { _data: [{ _code: 'not_configured', _context: 'address_lookup', _description: 'Address lookup is not configured.', _extra: null }] } };
      const container = url.searchParams.get('container');
      const text = url.searchParams.get('text') ?? '';
      const list = container === 'US|C1' ? suggestions.inside : /53rd/i.test(text) ? suggestions.street : /fif/i.test(text) ? suggestions.fifth : [];
      return { body: { address_suggestion: { _count: list.length, _total: list.length, _data: list } } };
    }
    if (url.pathname === '/api/address/retrieve') return { body: { address: { _count: 1, _total: 1, _data: [retrieved] } } };
    return undefined;
  };
}

const finds = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/api/address/find');
const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  queryClient.clear();
  localStorage.clear();
  api.setSellerId(null);
  resetErrorReports();
  writeCartId(SELLER_ID, 'cart-1');
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('address autocomplete at checkout', () => {
  it('searches from 4 characters, 300 ms after the last keystroke, only while focused; a Container drills down; an Address fills the fields', async () => {
    const { calls } = installFetch(server());
    renderApp('/checkout');
    const address = await screen.findByRole('combobox', { name: 'Address' });
    // Not focused: nothing is asked.
    fireEvent.change(address, { target: { value: '11 West 53rd' } });
    await sleep(400);
    expect(finds(calls)).toHaveLength(0);

    fireEvent.focus(address);
    fireEvent.change(address, { target: { value: '11W' } });
    await sleep(400);
    expect(finds(calls)).toHaveLength(0); // 3 characters
    for (const value of ['11 W', '11 We', '11 West 5', '11 West 53rd']) fireEvent.change(address, { target: { value } });
    await sleep(150);
    expect(finds(calls)).toHaveLength(0); // still typing
    await waitFor(() => expect(finds(calls)).toHaveLength(1));
    expect(finds(calls)[0].url.searchParams.get('text')).toBe('11 West 53rd');
    expect(finds(calls)[0].url.searchParams.get('country')).toBe('us');

    fireEvent.click(await screen.findByRole('option', { name: /11 West 53rd Street 2 Addresses/ }));
    await waitFor(() => expect(finds(calls).at(-1)!.url.searchParams.get('container')).toBe('US|C1'));
    const floor2 = await screen.findByRole('option', { name: /Floor 2/ });
    fireEvent.keyDown(address, { key: 'ArrowDown' });
    fireEvent.keyDown(address, { key: 'ArrowDown' });
    expect(address.getAttribute('aria-activedescendant')).toBe(floor2.id);
    fireEvent.keyDown(address, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'City' }).value).toBe('New York'));
    expect((address as HTMLInputElement).value).toBe('11 West 53rd Street');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Address line 2 (optional)' }).value).toBe('Floor 2');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'ZIP / postal code' }).value).toBe('10019');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe('NY');
    expect(screen.queryByRole('listbox', { hidden: false })).toBeNull();
  });

  it('the address is in error until a suggestion is picked; typing again un-picks it', async () => {
    installFetch(server());
    renderApp('/checkout');
    const address = await screen.findByRole('combobox', { name: 'Address' });
    fireEvent.change(address, { target: { value: '1000 Fifth Avenue' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByTestId('form-errors');
    expect(document.getElementById(`${address.id}-error`)!.textContent).toBe('Please choose your address from the list.');
    fireEvent.focus(address);
    fireEvent.change(address, { target: { value: '1000 Fift' } });
    fireEvent.click(await screen.findByRole('option', { name: /1000 Fifth Avenue/ }));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'City' }).value).toBe('New York'));
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(document.getElementById(`${address.id}-error`)).toBeNull());
  });

  it('changing the country clears what the lookup answered that no longer holds: the state and the pick (the address must be chosen again)', async () => {
    installFetch(server());
    renderApp('/checkout');
    const address = await screen.findByRole('combobox', { name: 'Address' });
    fireEvent.focus(address);
    fireEvent.change(address, { target: { value: '1000 Fift' } });
    fireEvent.click(await screen.findByRole('option', { name: /1000 Fifth Avenue/ }));
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe('NY'));
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByTestId('form-errors');
    expect(document.getElementById(`${address.id}-error`)).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'ca' } });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Province' }).value).toBe('');
    const again = screen.getByRole('combobox', { name: 'Address' });
    expect((again as HTMLInputElement).value).toBe('11 West 53rd Street');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(document.getElementById(`${again.id}-error`)?.textContent).toBe('Please choose your address from the list.'));
  });

  it('a failed lookup switches to manual entry and is reported; the button does the same', async () => {
    const { calls } = installFetch(server({ fail: true }));
    renderApp('/checkout');
    const address = await screen.findByRole('combobox', { name: 'Address' });
    fireEvent.focus(address);
    fireEvent.change(address, { target: { value: '1000 Fifth' } });
    const manual = await screen.findByRole('textbox', { name: 'Address' });
    expect((manual as HTMLInputElement).value).toBe('1000 Fifth');
    expect(screen.getByText('The address search is not available right now. Please enter your address.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Address' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/client_error' && (c.body as { source: string }).source === 'address_lookup')).toBe(true));

    cleanup();
    queryClient.clear();
    installFetch(server());
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the address manually' }));
    expect(await screen.findByRole('textbox', { name: 'Address' })).toBeTruthy();
    expect(screen.queryByText('The address search is not available right now. Please enter your address.')).toBeNull();
  });

  it('is off without the server’s key, in manual mode, and for a country the service does not cover', async () => {
    installFetch(server({ lookup: false }));
    renderApp('/checkout');
    expect(await screen.findByRole('textbox', { name: 'Address' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    installFetch(server({ mode: 'manual' }));
    renderApp('/checkout');
    expect(await screen.findByRole('textbox', { name: 'Address' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    installFetch(server());
    renderApp('/checkout');
    await screen.findByRole('combobox', { name: 'Address' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'fr' } });
    expect(await screen.findByRole('textbox', { name: 'Address' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'gb' } });
    expect(await screen.findByRole('combobox', { name: 'Address' })).toBeTruthy();
  });
});
