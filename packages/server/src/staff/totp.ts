import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_STEP_SECONDS } from '@foyer/contracts';

/** RFC 6238 TOTP (HMAC-SHA-1, 6 digits, 30 s) as authenticator apps use it; see docs/box-office.md. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits, base32 (what the otpauth URI carries). */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code of one time step (RFC 4226 dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(number).padStart(TOTP_DIGITS, '0');
}

/**
 * The step a code matches (the current one or one either side, for clocks a little apart), or
 * null. Steps at or before `lastStep` never match: one code signs in once.
 */
export function matchingStep(secret: string, code: string, now: Date, lastStep: number): number | null {
  const current = stepOf(now);
  for (const step of [current - 1, current, current + 1]) {
    if (step <= lastStep) continue;
    const expected = Buffer.from(totpCode(secret, step));
    const given = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
    if (timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app scans (Key URI format). */
export function otpauthUri(secret: string, account: string, issuer = 'Foyer box office'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
