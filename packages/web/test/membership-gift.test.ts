import { describe, expect, it } from 'vitest';
import { GIFT_CODE_TEXT, GIFT_TO_SELF } from '@foyer/contracts';
import { isGiftCodeShaped, normalizeGiftCode } from '@foyer/contracts/rules';
import { en } from '../src/i18n/en.js';
import { validateGiftee } from '../src/features/membership/gift/gift-membership.js';
import { clearGiftee, readGiftee, saveGiftee } from '../src/features/membership/gift/giftee-storage.js';
import { giftCodeProblem } from '../src/features/membership/redeem/redeem-state.js';

const form = { first_name: 'Fran', last_name: 'Friend', email: 'fran@example.org', sendToGiftee: false, sendOn: '2026-11-25' };
const lookup = { valid_from: '2026-01-01T00:00:00.000Z', valid_to: '2027-01-01T00:00:00.000Z', exhausted: false, levels: [{ ticket_type_id: 't', name: 'Individual', price: '75.00', discount: '75.00', to_pay: '0.00' }] };

describe('gift of membership rules in the browser (docs/memberships.md#7-gifts-of-membership)', () => {
  it('the giftee: names required and at most 50, a valid e-mail, never the giver, a send day not in the past', () => {
    expect(validateGiftee(form, 'me@example.org', '2026-11-25')).toEqual({});
    expect(validateGiftee({ ...form, first_name: ' ', last_name: 'x'.repeat(51) }, null, '2026-11-25')).toEqual({ first_name: en.gift.required, last_name: 'Use at most 50 characters.' });
    expect(validateGiftee({ ...form, email: 'nope' }, null, '2026-11-25').email).toBe(en.gift.emailInvalid);
    expect(validateGiftee({ ...form, email: 'ME@example.org' }, 'me@example.org', '2026-11-25').email).toBe(GIFT_TO_SELF);
    expect(validateGiftee({ ...form, sendToGiftee: true, sendOn: '2026-11-24' }, null, '2026-11-25').sendOn).toBe(en.gift.sendOnInvalid);
    expect(validateGiftee({ ...form, sendToGiftee: true, sendOn: '2026-12-24' }, null, '2026-11-25')).toEqual({});
  });

  it('a code is 10 letters or digits as typed (spaces, dashes, case)', () => {
    expect(normalizeGiftCode(' ab3de-fgh jk ')).toBe('AB3DEFGHJK');
    expect(isGiftCodeShaped('ab3de fghjk')).toBe(true);
    expect(isGiftCodeShaped('AB3DEFGHJ')).toBe(false);
    expect(isGiftCodeShaped('AB3DEFGHJK1')).toBe(false);
    expect(isGiftCodeShaped('AB3DEFGHJ!')).toBe(false);
  });

  it('a looked-up code: expired outside its dates, then redeemed, then no levels; texts from the contract', () => {
    const at = new Date('2026-06-01T00:00:00.000Z');
    expect(giftCodeProblem(lookup, at)).toBeNull();
    expect(giftCodeProblem(lookup, new Date('2027-01-01T00:00:00.000Z'))).toBe(GIFT_CODE_TEXT.expired);
    expect(giftCodeProblem(lookup, new Date('2025-12-31T00:00:00.000Z'))).toBe(GIFT_CODE_TEXT.expired);
    expect(giftCodeProblem({ ...lookup, exhausted: true }, at)).toBe(GIFT_CODE_TEXT.redeemed);
    expect(giftCodeProblem({ ...lookup, levels: [] }, at)).toBe(GIFT_CODE_TEXT.noLevels);
  });

  it('the giftee is kept for the cart it was made for only', () => {
    saveGiftee('c1', { identityId: 'i1', name: 'Fran Friend', email: 'fran@example.org' });
    expect(readGiftee('c1')?.identityId).toBe('i1');
    expect(readGiftee('c2')).toBeNull();
    expect(readGiftee(null)).toBeNull();
    clearGiftee();
    expect(readGiftee('c1')).toBeNull();
  });
});
