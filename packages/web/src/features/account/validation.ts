import { EMAIL_MAX } from '@foyer/contracts/constants';
import { isEmail } from '@foyer/contracts/rules';
import { en, format } from '../../i18n/en.js';

/** Field checks shared by the account forms (docs/accounts.md#field-rules). Each returns the message or null. */
export function emailError(value: string, max = EMAIL_MAX): string | null {
  const email = value.trim();
  if (!email) return en.account.required;
  if (email.length > max) return format(en.account.emailTooLong, { max });
  // docs/accounts.md#field-rules: an address whose domain has no dot is not valid.
  if (!isEmail(email)) return en.account.emailInvalid;
  return null;
}

export function requiredError(value: string, max: number): string | null {
  const text = value.trim();
  if (!text) return en.account.required;
  if (text.length > max) return format(en.account.tooLong, { max });
  return null;
}

/** docs/accounts.md#field-rules: the confirmation of an address matches case-insensitively. */
export function confirmEmailError(email: string, confirm: string): string | null {
  if (!confirm.trim()) return en.account.required;
  return email.trim().toLowerCase() === confirm.trim().toLowerCase() ? null : en.account.emailsMustMatch;
}

export function confirmPasswordError(password: string, confirm: string): string | null {
  if (!confirm) return en.account.required;
  return password === confirm ? null : en.account.passwordsMustMatch;
}
