import type { TConfigEntry, TUser } from '@foyer/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, configEntry, installFetch } from './fixtures.js';
import { logIn } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** My profile (docs/accounts.md#my-account): e-mail and names read-only, the contact details edited with the checkout's fields and rules; the state nulled when disabled; errors at the fields; saved. */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const USER: TUser = {
  id: 'u1',
  identity_id: 'i1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  scan_code: null,
  zip_code: '10001',
  phone: null,
  address: '1 Fifth Avenue',
  address_more: null,
  city: 'New York',
  country: 'us',
  state: 'NY',
  additional_info: {},
  has_password: true,
  needs_email: false,
  created_at: '2026-01-01T00:00:00Z',
};
const refusal = (status: number, code: string, description: string, extra: unknown = null) => ({ status, body: { _data: [{ _code: code, _context: 'user', _description: description, _extra: extra }] } });

/** The user's server: GET my/user; PUT my/user answers `put(body)` or keeps the body. */
function server(options: { user?: Partial<TUser>; config?: TConfigEntry[]; put?: (body: Record<string, unknown>) => { status?: number; body: unknown } } = {}) {
  let user: TUser = { ...USER, ...options.user };
  return installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument(options.config ?? []) };
    if (url.pathname === '/api/my/user' && request.method === 'PUT') {
      const body = request.body as Record<string, unknown>;
      const answer = options.put?.(body);
      if (answer) return answer;
      user = { ...user, ...body };
      return { body: { user: list([user]), membership: list([]), _total: 1 } };
    }
    if (url.pathname === '/api/my/user') return { body: { user: list([user]), membership: list([]), _total: 1 } };
    return undefined;
  });
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement & HTMLSelectElement>(label);
const openProfile = async () => {
  renderApp('/my/profile');
  await screen.findByRole('button', { name: 'Save changes' }, { timeout: 15_000 });
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const puts = (calls: { url: URL; method: string }[]) => calls.filter((c) => c.url.pathname === '/api/my/user' && c.method === 'PUT');

describe('My profile', () => {
  useAppTestEnv();

  it('shows the e-mail and names read-only, and the contact details to edit', async () => {
    logIn();
    server();
    await openProfile();
    for (const [label, value] of [['E-mail address', 'ada@example.com'], ['First name', 'Ada'], ['Last name', 'Lovelace']] as const) {
      expect(field(label).value).toBe(value);
      expect(field(label).readOnly).toBe(true);
    }
    expect(field('Address (optional)').readOnly).toBe(false);
    expect(field('Address (optional)').value).toBe('1 Fifth Avenue');
    expect(field('City (optional)').value).toBe('New York');
    expect(field('Phone (optional)').value).toBe('');
    expect(field('ZIP / postal code (optional)').value).toBe('10001');
    expect(field('Country').value).toBe('us');
    expect(field('State').disabled).toBe(false);
    expect(field('State').value).toBe('NY');
    expect(field('E-mail address').getAttribute('autocomplete')).toBe('email');
  });

  it('disables the state where the country has none and saves it as null; says it saved', async () => {
    logIn();
    const { calls } = server();
    await openProfile();
    fireEvent.change(field('Country'), { target: { value: 'gb' } });
    expect(field('State').disabled).toBe(true);
    expect(field('State').value).toBe('');
    expect(field('State').selectedOptions.item(0)?.textContent).toBe('Not applicable');
    fireEvent.change(field('ZIP / postal code (optional)'), { target: { value: 'SW1A 1AA' } });
    fireEvent.change(field('Phone (optional)'), { target: { value: ' +44 20 7946 0000 ' } });
    save();
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(screen.getByText('Your profile has been saved.').closest('[role="status"]')).toBeTruthy();
    expect(puts(calls).map((c) => (c as { body?: unknown }).body)).toEqual([
      { phone: '+44 20 7946 0000', country: 'gb', state: null, zip_code: 'SW1A 1AA' },
    ]);
    // The form shows what the server kept (trimmed).
    expect(field('Phone (optional)').value).toBe('+44 20 7946 0000');
    // Canada has provinces: the field comes back, named for them.
    fireEvent.change(field('Country'), { target: { value: 'ca' } });
    expect(field('Province').disabled).toBe(false);
    expect(screen.queryByText('Your profile has been saved.')).toBeNull();
  });

  it('sends and checks only what changed: an account with no country and an old ZIP saves a new phone', async () => {
    logIn();
    const { calls } = server({ user: { country: null, state: null, zip_code: '1' } });
    await openProfile();
    expect(field('Country').value).toBe('us');
    fireEvent.change(field('Phone (optional)'), { target: { value: '+1 212 555 0100' } });
    save();
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(puts(calls).map((c) => (c as { body?: unknown }).body)).toEqual([{ phone: '+1 212 555 0100' }]);
  });

  it('checks the fields as checkout does before sending: the error at its field, focused', async () => {
    logIn();
    const { calls } = server();
    await openProfile();
    fireEvent.change(field('Phone (optional)'), { target: { value: 'call me' } });
    fireEvent.change(field('ZIP / postal code (optional)'), { target: { value: '1' } });
    save();
    const phone = field('Phone (optional)');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a phone number using digits, spaces and + ( ) -.');
    expect(field('ZIP / postal code (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows the server’s field problems at the fields, and any other refusal above the button', async () => {
    logIn();
    let answer = refusal(400, 'validation_failed', 'There were errors found in the information you submitted.', { field: 'zip_code', fields: { zip_code: { code: 'invalid' }, state: { code: 'not_option' } } });
    server({ put: () => answer });
    await openProfile();
    save();
    const zip = field('ZIP / postal code (optional)');
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)!.textContent).toBe('Use letters and digits, with a space or dash between groups.');
    expect(document.getElementById(field('State').getAttribute('aria-describedby')!)!.textContent).toBe('Please choose one of the options.');
    expect(screen.queryByText('Your profile has been saved.')).toBeNull();

    answer = refusal(401, 'not_authorized', 'Please log in to continue.');
    fireEvent.change(zip, { target: { value: '10002' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Please log in to continue.');
  });

  it('the spec’s my_account_pages chooses the pages; web.my_account’s own list wins', async () => {
    logIn();
    server({ config: [configEntry('my_account_pages', ['recent_orders', 'my_profile', 'nonsense'])] });
    renderApp('/my/profile');
    const nav = await screen.findByRole('navigation', { name: 'My account' }, { timeout: 15_000 });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Recent orders', 'My profile']);
  });

  it('web.my_account { pages } is used over my_account_pages', async () => {
    logIn();
    server({ config: [configEntry('my_account', { pages: ['my_profile'] }), configEntry('my_account_pages', ['recent_orders'])] });
    const nav = await (async () => {
      renderApp('/my/profile');
      return screen.findByRole('navigation', { name: 'My account' }, { timeout: 15_000 });
    })();
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['My profile']);
  });
});
