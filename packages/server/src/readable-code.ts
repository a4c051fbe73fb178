import { randomBytes } from 'node:crypto';

/** Letters and digits a person can read out without mix-ups (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code of that alphabet (scan codes, gift card numbers): about 5 bits per character. */
export function readableCode(length = 16): string {
  return Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join('');
}
