/**
 * How the door screen proves who it is (docs/door.md): the one module that knows. Today a scanner
 * token (FOYER_STAFF_TOKENS), asked once and kept for this tab (sessionStorage), sent as a bearer
 * token on every call. When staff accounts land this becomes the staff sign-in and its cookie.
 */
const KEY = 'foyer:door-token';

export function storedToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function keepToken(token: string): void {
  sessionStorage.setItem(KEY, token.trim());
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

/** Headers that authorise a door call. */
export function authHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}
