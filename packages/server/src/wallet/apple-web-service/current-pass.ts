import type { Db } from '../../db/database.js';
import { applePasses } from '../apple-pass.js';
import { walletItems } from '../wallet-items.js';
import { orderOfPass } from '../wallet-pass.repository.js';
import type { AppleWalletSettings } from '../wallet-settings.js';
import { authorisedPass } from './pass-auth.js';
import type { PassCall } from './register-device.js';

/**
 * GET …/v1/passes/{passType}/{serial} (docs/wallet-passes.md "Updates"): the pass as it is now —
 * the ticket it shows (the new one after a reschedule, with its date and scan code) under the
 * serial it was issued with, voided when the ticket was cancelled or refunded. `notModified` when
 * it has not changed since the device's If-Modified-Since (HTTP dates: to the second).
 */
export async function currentPass(db: Db, apple: AppleWalletSettings, input: Omit<PassCall, 'ip'> & { ifModifiedSince: string | undefined; webServiceUrl: string }) {
  const pass = await authorisedPass(db, apple, input);
  const lastModified = new Date(Math.floor(Date.parse(pass.updated_at) / 1000) * 1000);
  const since = input.ifModifiedSince ? Date.parse(input.ifModifiedSince) : NaN;
  if (!Number.isNaN(since) && lastModified.getTime() <= since) return { notModified: true as const, lastModified };
  const order = await orderOfPass(db, pass.order_id);
  const items = await walletItems(db, order, { ticketId: pass.ticket_id, anyState: true });
  const withPass = { ...items, webServiceUrl: input.webServiceUrl, items: items.items.map((i) => ({ ...i, pass: { serial: pass.serial_number, authToken: pass.auth_token } })) };
  return { notModified: false as const, lastModified, file: await applePasses(apple, withPass) };
}
