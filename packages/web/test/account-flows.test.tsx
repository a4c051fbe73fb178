import { Suspense } from 'react';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TLoginAnswer, TMembership, TUser, TUserDocument } from '@foyer/contracts';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { api } from '../src/api/client.js';
import { queryClient } from '../src/api/query-client.js';
import { showLoginLinks } from '../src/features/account/member-links.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, listingDocument, SELLER_ID, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { onFirstChange, withFrameEffects } from './frame-effects.js';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AccountProvider, useAccount } from '../src/features/account/account-context.js';
import { CartProvider } from '../src/shared/cart/cart-context.js';
import { CALLBACK_RETHROW_MS } from '../src/features/account/external-login-pages.js';

/** The login modal, the member menu and the session cookie in the whole app, against a fake fetch. */

// The whole app renders (config, lazy routes): give it time on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const user = (overrides: Partial<TUser> = {}): TUser => ({
  id: 'u1',
  identity_id: 'i1',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  scan_code: null,
  zip_code: null,
  phone: null,
  address: null,
  address_more: null,
  city: null,
  country: null,
  state: null,
  additional_info: {},
  has_password: true,
  needs_email: false,
  created_at: '2026-01-01T00:00:00Z',
  ...overrides,
});
const EXPIRES = '2099-01-01T00:00:00.000Z';
/** The contract's user document (typed, so the fixtures cannot drift from what the server sends): a member holds a membership. */
/** A member added by member id (no card bought): one membership without a term, as the server sends it. */
const membershipOf = (u: TUser): TMembership[] =>
  u.scan_code
    ? [{
        id: u.id, scan_code: u.scan_code, role: 'member', auto_renew_state: 'none', valid_from: null, valid_to: null, member_event_purchase_limit: null,
        ticket_group_id: null, ticket_order_id: null, ticket_id: null, ticket_type_id: null, level_name: null, card_set_id: null,
        identity_id: u.identity_id, user_id: u.id, first_name: u.first_name, last_name: u.last_name, email: u.email, status: 'current', renewal: null,
      }]
    : [];
const userDoc = (overrides: Partial<TUser> = {}): TUserDocument => ({ user: list([user(overrides)]), membership: list(membershipOf(user(overrides))), _total: 1 });
const loginAnswer = (overrides: Partial<TUser> = {}): TLoginAnswer => ({ ...userDoc(overrides), session: { expires_at: EXPIRES }, cart_id: null, redirectPath: null });
const refusal = (status: number, code: string, description: string, extra: unknown = null) => ({ status, body: { _data: [{ _code: code, _context: 'login', _description: description, _extra: extra }] } });

function setSessionCookie() {
  document.cookie = `session_expires=${encodeURIComponent(EXPIRES)}; path=/`;
}
function clearSessionCookie() {
  document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

function server(extra: Handler): Handler {
  return (url, request) => {
    const answer = extra(url, request);
    if (answer) return answer;
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/cached_api/events/available') return { body: listingDocument([]) };
    if (url.pathname === '/api/login/providers') return { body: { login_provider: list([]) } };
    return undefined;
  };
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  queryClient.clear();
  api.setSellerId(null);
  localStorage.clear();
  clearSessionCookie();
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  clearSessionCookie();
});

describe('member menu and session cookie', () => {
  it('greets a logged-in member by first name, links membership details, and ends the session when the cookie goes', async () => {
    setSessionCookie();
    installFetch(server((url) => (url.pathname === '/api/my/user' ? { body: userDoc({ scan_code: 'M-1' }) } : undefined)));
    const router = renderApp('/events');
    const toggle = await screen.findByRole('button', { name: /Hi, Ann/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('button', { name: 'Membership details' }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Log in' })).toBeNull();

    // The server (or expiry) removed the cookie: within a second the session ends here and home shows.
    clearSessionCookie();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(await within(screen.getByRole('navigation', { name: 'Account' })).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('opens the menu on a click made the moment the greeting appears, and closes it on another page', async () => {
    setSessionCookie();
    installFetch(server((url) => (url.pathname === '/api/my/user' ? { body: userDoc() } : undefined)));
    const router = await withFrameEffects(async () => {
      const clicked = onFirstChange(
        () => screen.queryByRole('button', { name: /Hi, Ann/ }) !== null,
        () => fireEvent.click(screen.getByRole('button', { name: /Hi, Ann/ })),
      );
      const router = renderApp('/events');
      await clicked;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return router;
    });
    const toggle = screen.getByRole('button', { name: /Hi, Ann/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'My account' })).toBeTruthy();
    await act(() => router.navigate('/membership'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('hides login and register from a guest whose cart is not owned by a public identity', () => {
    expect(showLoginLinks(null)).toBe(true);
    expect(showLoginLinks({ identity: list([{ id: 'i', ownedByPublicIdentity: true }]) } as never)).toBe(true);
    expect(showLoginLinks({ identity: list([{ id: 'i', ownedByPublicIdentity: false }]) } as never)).toBe(false);
  });
});

describe('login modal', () => {
  it('opens from the login flag, which leaves the address; a wrong password shows the server text with the forgot-password link', async () => {
    const { calls } = installFetch(
      server((url, request) => {
        if (url.pathname !== '/api/login') return undefined;
        const body = request.body as { password: string };
        return body.password === 'Right-pass-1' ? { body: loginAnswer() } : refusal(401, 'incorrect_password', 'That is not the correct password. Please try again.');
      }),
    );
    const router = renderApp('/events?login=1&category=Shows');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(router.state.location.search).toBe('?category=Shows'));
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    const password = await within(dialog).findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('That is not the correct password. Please try again.');
    expect(within(alert).getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/user/forgot-password');
    fireEvent.change(password, { target: { value: 'Right-pass-1' } });
    setSessionCookie(); // the server's Set-Cookie, which the fake fetch cannot do
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
    const logins = calls.filter((c) => c.url.pathname === '/api/login');
    expect(logins.at(-1)!.body).toEqual({ method: 'password', username: 'ann@example.com', password: 'Right-pass-1' });
  });

  it('passcode: a full-length code submits by itself; not_available_yet is retried after 5 s; success logs in', async () => {
    let checks = 0;
    const { calls } = installFetch(
      server((url) => {
        if (url.pathname === '/api/login/request_otp') return { body: { token: 'tok-1' } };
        if (url.pathname === '/api/login') {
          checks++;
          if (checks === 1) return refusal(401, 'not_available_yet', 'Your passcode is on its way. Please try again in a few seconds.');
          setSessionCookie();
          return { body: loginAnswer() };
        }
        return undefined;
      }),
    );
    renderApp('/events?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email me a passcode' }));
    const input = await within(dialog).findByLabelText('Passcode');
    expect(JSON.parse(localStorage.getItem('foyer:login')!)).toMatchObject({ email: 'ann@example.com', token: 'tok-1', redirectPath: '/events' });
    fireEvent.change(input, { target: { value: '12 34 5' } });
    expect(checks).toBe(0);
    fireEvent.change(input, { target: { value: '123456' } });
    await waitFor(() => expect(checks).toBe(1));
    expect(await within(dialog).findAllByText('Your passcode is on its way. Trying again in a few seconds…')).toBeTruthy();
    await waitFor(() => expect(checks).toBe(2), { timeout: 7000 });
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/login').map((c) => c.body)).toEqual([
      { method: 'otp', token: 'tok-1', otp: '123456' },
      { method: 'otp', token: 'tok-1', otp: '123456' },
    ]);
    // The stored login is done with.
    expect(localStorage.getItem('foyer:login')).toBeNull();
  }, 15_000);

  it('passcode: locks the input at once on otp_token_expired', async () => {
    installFetch(
      server((url) => {
        if (url.pathname === '/api/login/request_otp') return { body: { token: 'tok-2' } };
        if (url.pathname === '/api/login') return refusal(401, 'otp_token_expired', 'This passcode has expired. Please request a new login link.');
        return undefined;
      }),
    );
    renderApp('/events?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email me a passcode' }));
    const input = await within(dialog).findByLabelText('Passcode');
    fireEvent.change(input, { target: { value: 'ABC123' } });
    expect(await within(dialog).findByText('This passcode has expired. Please request a new login link.')).toBeTruthy();
    expect(input.hasAttribute('readonly')).toBe(true);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Log in' }).disabled).toBe(true);
  });

  it('titles the modal after the step: e-mail, password, passcode, member id, registration', async () => {
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([{ id: 'cfg-auth', resource_id: SELLER_ID, namespace: 'auth', name: 'methods', value: ['password', 'otp', 'scan_code'] }]) };
      if (url.pathname === '/api/login/request_otp') return { body: { token: 'tok-t' } };
      return server(() => undefined)(url, request);
    });
    renderApp('/events?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    const title = () => dialog.getAttribute('aria-labelledby') && document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent;
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    await within(dialog).findByLabelText('Password');
    expect(title()).toBe('Enter your password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await within(dialog).findByLabelText('Email address');
    expect(title()).toBe('Log in');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email me a passcode' }));
    await within(dialog).findByLabelText('Passcode');
    expect(screen.getByRole('dialog', { name: 'Enter your passcode' })).toBe(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Or log in with your membership' }));
    await within(dialog).findByLabelText('Member ID');
    expect(title()).toBe('Member login');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Create an account' }));
    await within(dialog).findByLabelText('First name');
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBe(dialog);
    // One heading names the step: the form repeats no title of its own.
    expect(within(dialog).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Create an account']);
  });

  it('logs in by itself from member_code and zip_code, removing them from the address', async () => {
    const { calls } = installFetch(
      server((url) => {
        if (url.pathname !== '/api/login') return undefined;
        setSessionCookie();
        return { body: loginAnswer({ scan_code: 'M-1001' }) };
      }),
    );
    const router = renderApp('/events?member_code=M-1001&zip_code=10001&category=Shows');
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?category=Shows');
    expect(calls.find((c) => c.url.pathname === '/api/login')!.body).toEqual({ scan_code: 'M-1001', zip_code: '10001', method: 'scan_code' });
  });

  it('an automatic member login that fails opens the member form with the server message', async () => {
    installFetch(
      server((url) =>
        url.pathname === '/api/login' ? refusal(401, 'not_authorized', 'Member details not found. Please check your member ID and ZIP code.') : undefined,
      ),
    );
    renderApp('/events?member_code=M-9&zip_code=99999');
    const dialog = await screen.findByRole('dialog', { name: 'Member login' });
    expect(await within(dialog).findByText('Member details not found. Please check your member ID and ZIP code.')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Member ID').value).toBe('M-9');
  });

  it('a passcode link opened without a stored login shows the code to copy', async () => {
    installFetch(server(() => undefined));
    const router = renderApp('/?otp=XY12Z9');
    const dialog = await screen.findByRole('dialog', { name: 'Your passcode' });
    expect(within(dialog).getByTestId('otp-code').textContent).toBe('XY12Z9');
    expect(within(dialog).getByRole('button', { name: 'Copy passcode' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sends the guest cart with the login so the member keeps it', async () => {
    localStorage.setItem(`foyer:cart:${SELLER_ID}`, 'cart-1');
    const { calls } = installFetch(
      server((url) => {
        if (url.pathname === '/api/my/cart/cart-1') return { body: cartDocument() };
        if (url.pathname !== '/api/login') return undefined;
        setSessionCookie();
        return { body: { ...loginAnswer(), cart_id: 'cart-1' } };
      }),
    );
    renderApp('/?login=1'); // not /events: with a cart and no events the listing goes on to /checkout
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    fireEvent.change(await within(dialog).findByLabelText('Password'), { target: { value: 'Right-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/login')!.body).toMatchObject({ cart_id: 'cart-1' });
    // The cart is read again (now the member's) after the login.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/my/cart/cart-1').length).toBeGreaterThanOrEqual(2));
  });

  it('a guest whose cart is not owned by a public identity sees no login or register links', async () => {
    localStorage.setItem(`foyer:cart:${SELLER_ID}`, 'cart-1');
    installFetch(server((url) => (url.pathname === '/api/my/cart/cart-1' ? { body: { ...cartDocument(), identity: list([{ id: 'identity-1', ownedByPublicIdentity: false }]) } } : undefined)));
    renderApp('/events');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull());
  });
});

describe('external login routes (docs/accounts.md#web-screens, docs/accounts.md#errors)', () => {
  it('/auth0-login shows the spec text when the provider is not set up', async () => {
    installFetch(server((url) => (url.pathname === '/api/auth0/start' ? refusal(404, 'not_configured', 'Login with an identity provider is not set up.') : undefined)));
    renderApp('/auth0-login');
    expect(await screen.findByText('Auth0 could not be initialized. Please try again.')).toBeTruthy();
  });

  it('/auth0-callback finishes the login with code and state and goes to the remembered page', async () => {
    const { calls } = installFetch(
      server((url) => {
        if (url.pathname !== '/api/auth0/callback') return undefined;
        setSessionCookie();
        return { body: { ...loginAnswer(), redirectPath: '/events' } };
      }),
    );
    const router = renderApp('/auth0-callback?code=c-1&state=s-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/auth0/callback')!.body).toEqual({ code: 'c-1', state: 's-1' });
  });

  it('/auth0-callback shows the server message when the login is refused, and the provider error when it sent one', async () => {
    installFetch(server((url) => (url.pathname === '/api/auth0/callback' ? refusal(401, 'not_authorized', 'We could not log you in with Harbour ID. Please try again.') : undefined)));
    renderApp('/auth0-callback?code=c-1&state=s-1');
    expect(await screen.findByText('We could not log you in with Harbour ID. Please try again.')).toBeTruthy();
    cleanup();
    document.body.innerHTML = '';
    queryClient.clear();
    renderApp('/auth0-callback?error=access_denied&error_description=The%20user%20cancelled');
    expect(await screen.findByText('The user cancelled')).toBeTruthy();
  });

  it('/auth0-callback with an invalid state (Back into a finished login) moves history forward, as does one without code and state', async () => {
    const { calls } = installFetch(server((url) => (url.pathname === '/api/auth0/callback' ? refusal(400, 'invalid_state', 'This login has expired or was already used. Please log in again.') : undefined)));
    const router = renderApp(['/auth0-callback?code=c-1&state=s-1', '/events?category=Shows'], 0);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/events?category=Shows'));
    expect(calls.filter((c) => c.url.pathname === '/api/auth0/callback')).toHaveLength(1);
    cleanup();
    document.body.innerHTML = '';
    const bare = renderApp(['/auth0-callback', '/events'], 0);
    await waitFor(() => expect(bare.state.location.pathname).toBe('/events'));
    expect(calls.filter((c) => c.url.pathname === '/api/auth0/callback')).toHaveLength(1);
  });

  it('/auth0-callback with an invalid state and nothing ahead says so and offers another try, without rethrowing', async () => {
    installFetch(server((url) => (url.pathname === '/api/auth0/callback' ? refusal(400, 'invalid_state', 'This login has expired or was already used. Please log in again.') : undefined)));
    const router = renderApp('/auth0-callback?code=c-1&state=s-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This login has expired or was already used. Please log in again.');
    expect(within(alert).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/auth0-login');
    // An expected answer: past the rethrow delay it is still the message, not the error page.
    await new Promise((resolve) => setTimeout(resolve, CALLBACK_RETHROW_MS + 500));
    expect(screen.getByRole('alert').textContent).toContain('This login has expired or was already used.');
    expect(screen.queryByText('Sorry! Something unexpected happened. Please try again.')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth0-callback');
  }, 15_000);

  it('/auth0-callback shows a refusal, then after 5 s rethrows it to the route error boundary', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch(server((url) => (url.pathname === '/api/auth0/callback' ? refusal(401, 'not_authorized', 'Your Harbour ID account has no verified email address, so we cannot log you in with it.') : undefined)));
    renderApp('/auth0-callback?code=c-1&state=s-1');
    await screen.findByText('Your Harbour ID account has no verified email address, so we cannot log you in with it.');
    const shown = performance.now();
    expect(await screen.findByText('Sorry! Something unexpected happened. Please try again.', undefined, { timeout: CALLBACK_RETHROW_MS + 3000 })).toBeTruthy();
    expect(performance.now() - shown).toBeGreaterThan(CALLBACK_RETHROW_MS - 300);
    expect(screen.queryByText(/no verified email address/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    // The boundary reported the error, with the refusal as its cause.
    const reported = logged.mock.calls.flat().find((arg) => arg instanceof Error && arg.message.startsWith('External login failed')) as Error | undefined;
    expect(reported?.message).toBe('External login failed: Your Harbour ID account has no verified email address, so we cannot log you in with it.');
    expect((reported?.cause as { code?: string }).code).toBe('not_authorized');
  }, 15_000);

  it('shows the provider button in the login modal when one is configured', async () => {
    installFetch(server((url) => (url.pathname === '/api/login/providers' ? { body: { login_provider: list([{ id: 'oidc', label: 'Harbour ID' }]) } } : undefined)));
    renderApp('/events?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByRole('button', { name: 'Log in with Harbour ID' })).toBeTruthy();
  });
});

describe('set e-mail address (docs/accounts.md)', () => {
  it('lets a member without an address set one: mismatch, taken address, then saved and on to checkout', async () => {
    setSessionCookie();
    let attempts = 0;
    const { calls } = installFetch(
      server((url, request) => {
        if (url.pathname === '/api/my/user' && request.method === 'GET') return { body: userDoc({ email: 'no-email+m1@members.invalid', needs_email: true }) };
        if (url.pathname === '/api/my/user' && request.method === 'PUT') {
          attempts++;
          if (attempts === 1) return refusal(409, 'email_in_use', 'Another account already uses this email address.');
          return { body: userDoc({ email: 'ann@example.com' }) };
        }
        return undefined;
      }),
    );
    const router = renderApp('/user/set-email-address?next=/checkout/cart-9');
    const email = await screen.findByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'ann@example' } });
    fireEvent.change(screen.getByLabelText('Confirm email address'), { target: { value: 'ann@other.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(await screen.findByText('Email address is not valid.')).toBeTruthy();
    expect(screen.getByText('Email addresses must match.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Confirm email address'), { target: { value: 'ANN@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(await screen.findByText('Another account already uses this email address.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/cart-9'));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ email: 'ann@example.com' });
  });
});

describe('member id login (docs/accounts.md#web-screens, docs/accounts.md#seller-configuration)', () => {
  it('tries by itself once every field is filled, once per set of values', async () => {
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([{ id: 'cfg-auth', resource_id: SELLER_ID, namespace: 'auth', name: 'methods', value: ['scan_code'] }]) };
      if (url.pathname === '/api/login') {
        const body = request.body as { zip_code: string };
        if (body.zip_code !== '10001') return refusal(401, 'not_authorized', 'Member details not found. Please check your member ID and ZIP code.');
        setSessionCookie();
        return { body: loginAnswer({ scan_code: 'M-1' }) };
      }
      return server(() => undefined)(url, request);
    });
    renderApp('/events?login=1');
    // Only the member id method is on: the modal opens on the member form.
    const dialog = await screen.findByRole('dialog', { name: 'Member login' });
    fireEvent.change(within(dialog).getByLabelText('Member ID'), { target: { value: 'M-1' } });
    await new Promise((r) => setTimeout(r, 900));
    expect(calls.filter((c) => c.url.pathname === '/api/login')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('ZIP code'), { target: { value: '99999' } });
    expect(await within(dialog).findByText('Member details not found. Please check your member ID and ZIP code.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 900));
    expect(calls.filter((c) => c.url.pathname === '/api/login')).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText('ZIP code'), { target: { value: '10001' } });
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/login').map((c) => c.body)).toEqual([
      { method: 'scan_code', scan_code: 'M-1', zip_code: '99999' },
      { method: 'scan_code', scan_code: 'M-1', zip_code: '10001' },
    ]);
  });
});


describe('login notices, guards and carts (docs/routes.md#guards, docs/accounts.md#field-rules)', () => {
  it('with cookies off the login modal and the callback say so instead of a form', async () => {
    installFetch(server(() => undefined));
    const cookies = vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    onTestFinished(() => {
      cookies.mockRestore();
    });
    renderApp('/events?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Enable cookies and reload to login.');
    expect(within(dialog).queryByLabelText('Email address')).toBeNull();
    cleanup();
    document.body.innerHTML = '';
    const { calls } = installFetch(server(() => undefined));
    renderApp('/auth0-callback?code=c-1&state=s-1');
    expect((await screen.findByRole('alert')).textContent).toContain('Please enable cookies and try again.');
    expect(calls.some((c) => c.url.pathname === '/api/auth0/callback')).toBe(false);
  });

  it('with no login method configured the modal says login is disabled', async () => {
    installFetch((url, request) =>
      url.pathname === '/api/config'
        ? { body: configDocument([{ id: 'cfg-auth', resource_id: SELLER_ID, namespace: 'auth', name: 'methods', value: 'none' }]) }
        : server(() => undefined)(url, request),
    );
    renderApp('/events?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('status').textContent).toBe('Login is disabled');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it.each(['/user/forgot-password', '/user/forgot-membership', '/user/reset-password?token=t-1', '/resend'])('sends a logged-in member away from %s', async (path) => {
    setSessionCookie();
    installFetch(server((url) => (url.pathname === '/api/my/user' ? { body: userDoc() } : undefined)));
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(path.split('?')[0]));
    expect(router.state.location.pathname === '/' || router.state.location.pathname.startsWith('/events')).toBe(true);
  });

  it('a guest cart the server did not keep at login (not pending, or not the guest’s) is dropped, not shown', async () => {
    localStorage.setItem(`foyer:cart:${SELLER_ID}`, 'cart-1');
    let loggedIn = false;
    const { calls } = installFetch(
      server((url, request) => {
        if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return loggedIn ? refusal(403, 'scope_error', 'This cart belongs to someone else.') : { body: cartDocument() };
        if (url.pathname === '/api/my/cart/cart-1' && request.method === 'DELETE') return refusal(403, 'scope_error', 'This cart belongs to someone else.');
        if (url.pathname !== '/api/login') return undefined;
        loggedIn = true;
        setSessionCookie();
        return { body: { ...loginAnswer(), cart_id: null } };
      }),
    );
    // Home, not /events: with a cart and no events left, the listing would send the visitor on to /checkout.
    renderApp('/?login=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    fireEvent.change(await within(dialog).findByLabelText('Password'), { target: { value: 'Right-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: /Hi, Ann/ })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(`foyer:cart:${SELLER_ID}`)).toBeNull());
    expect(calls.filter((c) => c.url.pathname === '/api/my/cart/cart-1' && c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('the login-or-guest dialog logs in or goes on as a guest', async () => {
    installFetch(server(() => undefined));
    const onGuest = vi.fn();
    function Probe() {
      const { askLoginOrGuest } = useAccount();
      return (
        <button type="button" onClick={() => askLoginOrGuest(onGuest)}>
          Buy membership
        </button>
      );
    }
    // The app's root loader has the configuration before anything renders; here a Suspense boundary waits for it.
    const router = createMemoryRouter([{ path: '*', element: <Suspense fallback={null}><CartProvider sellerId={SELLER_ID} timezone="UTC"><AccountProvider><Probe /></AccountProvider></CartProvider></Suspense> }], { initialEntries: ['/events/m-1'] });
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
      { container: root },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buy membership' }));
    let choice = await screen.findByRole('dialog', { name: 'Log in or continue as guest' });
    expect(choice.textContent).toContain('Members: log in to use your membership benefits. Everyone else can continue as a guest.');
    fireEvent.click(within(choice).getByRole('button', { name: 'Continue as guest' }));
    expect(onGuest).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in or continue as guest' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Buy membership' }));
    choice = await screen.findByRole('dialog', { name: 'Log in or continue as guest' });
    fireEvent.click(within(choice).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(onGuest).toHaveBeenCalledTimes(1);
  });
});
