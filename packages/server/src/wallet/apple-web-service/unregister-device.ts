import type { Db } from '../../db/database.js';
import { enforceLimits, LIMITS } from '../../rate-limit/rate-limit.js';
import type { AppleWalletSettings } from '../wallet-settings.js';
import { unregisterDevice } from '../wallet-pass.repository.js';
import { authorisedPass } from './pass-auth.js';
import type { PassCall } from './register-device.js';

/** DELETE …/v1/devices/{device}/registrations/{passType}/{serial}: the pass left the device; no more pushes to it (docs/wallet-passes.md "Updates"). */
export async function unregisterPassDevice(db: Db, apple: AppleWalletSettings, input: PassCall & { device: string }): Promise<void> {
  await enforceLimits(db, input.now, [[LIMITS.walletDeviceIp, input.ip]]);
  const pass = await authorisedPass(db, apple, input);
  await unregisterDevice(db, input.device, pass.serial_number);
}
