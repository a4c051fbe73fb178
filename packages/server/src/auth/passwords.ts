import { hash, verify } from '@node-rs/argon2';

/** argon2id — the library's default algorithm — with its default cost (OWASP: m=19 MiB, t=2, p=1). */
const OPTIONS = {} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without one (no account, or no password yet) it checks
 * against a dummy hash, so every answer costs the same time: timing reveals no account.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('dummy password for timing only, never matches');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
