import { GIFT_CODE_LENGTH } from '../membership-gift-texts.js';

/** A gift code as typed (spaces, dashes, lower case) → as issued: upper case letters and digits. */
export function normalizeGiftCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** docs/memberships.md#7-gifts-of-membership: exactly 10 characters once normalised (letters and digits only). */
export function isGiftCodeShaped(input: string): boolean {
  const code = normalizeGiftCode(input);
  return code.length === GIFT_CODE_LENGTH && /^[A-Z0-9]+$/.test(code);
}
