import { SESSION_EXPIRES_COOKIE } from '@foyer/contracts/constants';

/** The JS-readable session cookie (docs/accounts.md#cookies) and the cookie checks of docs/accounts.md#cookies. */
export const SESSION_POLL_MS = 1000;

export function readCookie(name: string, cookies = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

/** The session's end as the cookie tells it, or null when no session is live in this browser. */
export function sessionExpires(cookies?: string): string | null {
  return readCookie(SESSION_EXPIRES_COOKIE, cookies);
}

export const hasSession = (cookies?: string) => sessionExpires(cookies) !== null;

/** Whether the browser keeps cookies (login needs them). */
export function cookiesEnabled(): boolean {
  if (typeof navigator !== 'undefined' && !navigator.cookieEnabled) return false;
  try {
    document.cookie = 'foyer_cookie_check=1; path=/; SameSite=Lax';
    const ok = document.cookie.includes('foyer_cookie_check=1');
    document.cookie = 'foyer_cookie_check=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    return ok;
  } catch {
    return false;
  }
}
