import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@foyer/contracts';

/** A random secret for a cookie, link or passcode token (256 bits). */
export const randomToken = () => randomBytes(32).toString('base64url');
/** Only this is stored: the secret itself never is. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
/** A passcode of OTP_LENGTH digits. */
export const randomOtp = () => Array.from({ length: OTP_LENGTH }, () => String(randomInt(10))).join('');
/** A passcode is stored bound to its token, so a stolen table alone does not give codes away. */
export const otpHash = (token: string, code: string) => createHash('sha256').update(`${token}:${code.trim().toUpperCase()}`).digest('base64url');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Answers no sooner than `ms` after `startedAt`: known and unknown accounts take the same time. */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
