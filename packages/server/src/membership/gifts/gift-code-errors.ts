import { GIFT_CODE_TEXT } from '@foyer/contracts';
import { AppError } from '../../http/app-error.js';
import type { GiftRow } from './gift.repository.js';

/** The spec's gift code errors (docs/memberships.md#7-gifts-of-membership), with codes the web can tell apart. */
export const giftCodeInvalid = (operation: string) => new AppError(404, 'gift_code_not_found', GIFT_CODE_TEXT.invalid, operation, { field: 'redeem_code' });
export const giftCodeExpired = (operation: string) => new AppError(410, 'gift_code_expired', GIFT_CODE_TEXT.expired, operation, { field: 'redeem_code' });
export const giftCodeRedeemed = (operation: string) => new AppError(409, 'gift_code_redeemed', GIFT_CODE_TEXT.redeemed, operation, { field: 'redeem_code' });

/** Outside valid_from..valid_to. */
export const giftExpired = (gift: Pick<GiftRow, 'valid_from' | 'valid_to'>, nowIso: string) => nowIso < gift.valid_from || nowIso >= gift.valid_to;
