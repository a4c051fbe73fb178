import type { TAdminSession } from '@foyer/contracts';

/**
 * How the door screen proves who it is (docs/door.md): the one module that knows. A staff
 * account's sign-in (POST /api/admin/login, then the TOTP code when the role needs one) leaves the
 * staff cookie, scoped to /api/admin, so the door's calls go to /api/admin/door. Scanner clients
 * with a FOYER_STAFF_TOKENS bearer token call /api/door instead; this screen has no token.
 */
export const DOOR_API = '/api/admin/door';

/** A refusal of a sign-in step: its error code and description, as the server wrote them. */
export class SignInRefused extends Error {
  constructor(
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

async function post(path: string, body: unknown): Promise<TAdminSession> {
  const res = await fetch(`/api/admin${path}`, { method: 'POST', headers: { app: 'ecomm', 'content-type': 'application/json' }, body: JSON.stringify(body), cache: 'no-store' });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const entry = json?._data?.[0];
    throw new SignInRefused(entry?._code ?? 'unexpected_response', entry?._description ?? res.statusText);
  }
  return json.admin_session as TAdminSession;
}

export const staffSignIn = {
  password: (email: string, password: string) => post('/login', { email, password }),
  totp: (code: string) => post('/login/totp', { code }),
  signOut: () => fetch('/api/admin/logout', { method: 'POST', headers: { app: 'ecomm', 'content-type': 'application/json' }, body: '{}' }).then(() => undefined),
};
