import { NO_EMAIL_PREFIX } from '@foyer/contracts';

/** E-mails are unique case-insensitively: the key is trimmed and lower-cased. */
export const emailKey = (email: string) => email.trim().toLowerCase();
/** Member ids compare without case or surrounding space. */
export const scanCodeKey = (scanCode: string) => scanCode.trim().toUpperCase();
/** ZIP codes compare on letters and digits only, without case. */
export const zipKey = (zip: string) => zip.replace(/[\s-]/g, '').toLowerCase();
export const isPlaceholderEmail = (email: string) => emailKey(email).startsWith(NO_EMAIL_PREFIX);
