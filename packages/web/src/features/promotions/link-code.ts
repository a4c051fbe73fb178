/**
 * A code from the event page's `?code=` (docs/promotions.md#the-storefront), kept for this tab until a reserve takes it
 * (as preloadedPromoCodes: the server applies it when valid).
 */
const KEY = 'foyer.promo_link_code';

export function rememberLinkCode(code: string) {
  try {
    sessionStorage.setItem(KEY, code.trim().toUpperCase());
  } catch {
    /* storage off: the code is simply not carried */
  }
}

export function linkCode(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetLinkCode() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
