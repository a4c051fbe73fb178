import { createHash, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AppleWalletSettings } from '../wallet-settings.js';
import { passBySerial, type WalletPassRow } from '../wallet-pass.repository.js';

const CONTEXT = 'wallet_pass';

export const notAuthorized = () => new AppError(401, 'not_authorized', 'This pass does not carry that authentication token.', CONTEXT);
export const appleNotOffered = () => new AppError(404, 'not_found', 'Apple Wallet passes are not offered.', CONTEXT);

/** Compared in constant time: both sides hashed to the same length first. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The pass a web-service call names, when its `Authorization: ApplePass <token>` is that pass's
 * token (docs/wallet-passes.md "Updates"). Another pass type, an unknown serial and a wrong token
 * are the same 401, so the answer tells nothing about which passes exist.
 */
export async function authorisedPass(db: Tx, apple: AppleWalletSettings, input: { passType: string; serial: string; authorization: string | undefined }): Promise<WalletPassRow> {
  const token = /^ApplePass (\S+)$/.exec(input.authorization?.trim() ?? '')?.[1] ?? '';
  const pass = input.passType === apple.passTypeIdentifier ? await passBySerial(db, input.serial) : undefined;
  // The comparison runs whether or not the pass exists, against a stand-in token.
  const ok = sameToken(token, pass?.auth_token ?? 'no pass has this token');
  if (!pass || !token || !ok) throw notAuthorized();
  return pass;
}
