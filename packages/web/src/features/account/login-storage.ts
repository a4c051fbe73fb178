/**
 * Local client state of the passcode login (docs/accounts.md#members: login email/token/redirectPath). Kept in
 * localStorage so the e-mailed link, opened in another tab of the same browser, finishes the login.
 */
const KEY = 'foyer:login';

export interface StoredLogin {
  email: string;
  token: string;
  redirectPath: string;
}

export function readStoredLogin(): StoredLogin | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<StoredLogin> | null;
    if (value && typeof value.email === 'string' && typeof value.token === 'string' && typeof value.redirectPath === 'string') return value as StoredLogin;
  } catch {
    /* unreadable: none */
  }
  return null;
}

export function storeLogin(value: StoredLogin | null) {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the link then shows the passcode to copy */
  }
}
