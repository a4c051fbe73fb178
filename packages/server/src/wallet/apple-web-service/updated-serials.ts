import type { TAppleUpdatedSerials } from '@foyer/contracts';
import type { Db } from '../../db/database.js';
import type { AppleWalletSettings } from '../wallet-settings.js';
import { passesOfDevice } from '../wallet-pass.repository.js';
import { mustExist } from '../../must-exist.js';

/**
 * GET …/v1/devices/{device}/registrations/{passType}[?passesUpdatedSince=tag] (docs/wallet-passes.md
 * "Updates"): the device's passes changed after the tag (all of them without one), and the next
 * tag (the latest change, an ISO time); null (204) when none changed. Apple sends no token here.
 */
export async function updatedSerials(db: Db, apple: AppleWalletSettings, input: { device: string; passType: string; since: string | null }): Promise<TAppleUpdatedSerials | null> {
  if (input.passType !== apple.passTypeIdentifier) return null;
  const passes = await passesOfDevice(db, input.device);
  const changed = passes.filter((p) => !input.since || p.updated_at > input.since);
  if (!changed.length) return null;
  return { serialNumbers: changed.map((p) => p.serial_number).sort(), lastUpdated: mustExist(changed.map((p) => p.updated_at).sort().at(-1), 'the latest pass update') };
}
