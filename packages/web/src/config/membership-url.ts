import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry } from '@foyer/contracts';
import { safeRedirectTarget } from '@foyer/contracts/rules';
import { configValue } from './config.js';

/** /membership/{action} (docs/routes.md#route-table): the external membership URL plus the action, when configured. */
export function externalMembershipUrl(entries: readonly TConfigEntry[], action: string | undefined): string | null {
  const base = safeRedirectTarget(configValue(CONFIG.membershipUrl, entries));
  if (!base || !/^https?:/i.test(base)) return null;
  return action ? `${base.replace(/\/+$/, '')}/${encodeURIComponent(action)}` : base;
}
