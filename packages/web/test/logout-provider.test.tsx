import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, installFetch } from './fixtures.js';
import { logIn, USER_DOC } from './membership-fixtures.js';
import { renderApp } from './render-app.js';
import { leaveFor } from '../src/features/account/leave-for.js';

vi.mock('../src/features/account/leave-for.js', () => ({ leaveFor: vi.fn() }));

/**
 * Logout (/logout, issue 29 row 21): when the server's answer names the identity provider's
 * logout address, the browser goes there (so a shared kiosk's next visitor is not logged straight
 * back in); otherwise home, as before.
 */
function server(answer: Record<string, unknown>) {
  return installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === '/api/my/user') return { body: USER_DOC };
    if (url.pathname === '/api/logout' && request.method === 'POST') return { body: answer };
    return undefined;
  });
}

useAppTestEnv();

describe('logging out', () => {
  it("of the identity provider's user: to the provider's logout address", async () => {
    logIn();
    const url = 'https://id.example.org/logout?client_id=foyer&post_logout_redirect_uri=https%3A%2F%2Ftickets.example.org%2F';
    const { requests } = server({ logged_out: true, end_session_url: url });
    renderApp('/logout');
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(url), { timeout: 10000 });
    expect(requests.filter((u) => u.pathname === '/api/logout')).toHaveLength(1);
  });

  it('of anyone else: home', async () => {
    vi.mocked(leaveFor).mockClear();
    logIn();
    server({ logged_out: true });
    const router = renderApp('/logout');
    // Home, which sends a visitor on to the listing.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/(events)?$/), { timeout: 10000 });
    expect(leaveFor).not.toHaveBeenCalled();
  });
});
