import type { TGiftCodeLookup } from '@foyer/contracts';
import { GIFT_CODE_TEXT } from '@foyer/contracts/constants';

/**
 * What a looked-up gift code allows (docs/memberships.md#7-gifts-of-membership Gift code, in the spec's order): outside
 * valid_from..valid_to "This code has expired", exhausted "This code has already been redeemed",
 * no level "No memberships available"; else null (redeemable).
 */
export function giftCodeProblem(lookup: Pick<TGiftCodeLookup, 'valid_from' | 'valid_to' | 'exhausted' | 'levels'>, now: Date = new Date()): string | null {
  const at = now.toISOString();
  if (at < lookup.valid_from || at >= lookup.valid_to) return GIFT_CODE_TEXT.expired;
  if (lookup.exhausted) return GIFT_CODE_TEXT.redeemed;
  if (!lookup.levels.length) return GIFT_CODE_TEXT.noLevels;
  return null;
}
