import type { TAppleRegistrationBody } from '@foyer/contracts';
import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { enforceLimits, LIMITS } from '../../rate-limit/rate-limit.js';
import type { AppleWalletSettings } from '../wallet-settings.js';
import { registerDevice } from '../wallet-pass.repository.js';
import { authorisedPass } from './pass-auth.js';

export interface PassCall {
  passType: string;
  serial: string;
  authorization: string | undefined;
  ip: string;
  now: Date;
}

/**
 * POST …/v1/devices/{device}/registrations/{passType}/{serial} (docs/wallet-passes.md "Updates"):
 * the device wants this pass's updates, pushed to its token. true: registered now (201); false:
 * it was already (200). Rate limited per IP, as the other calls without a login.
 */
export async function registerPassDevice(deps: { db: Db; dialect: Dialect }, apple: AppleWalletSettings, input: PassCall & { device: string; body: TAppleRegistrationBody }): Promise<boolean> {
  await enforceLimits(deps.db, input.now, [[LIMITS.walletDeviceIp, input.ip]]);
  const pass = await authorisedPass(deps.db, apple, input);
  return inWriteTransaction(deps.db, deps.dialect, (tx) => registerDevice(tx, { device: input.device, serial: pass.serial_number, pushToken: input.body.pushToken, nowIso: input.now.toISOString() }));
}
