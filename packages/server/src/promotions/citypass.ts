/** City-pass vouchers (docs/promotions.md#applying-codes): normalised, then matched against a group's expressions. */
export interface CitypassRules {
  adult_regexp: string;
  child_regexp: string;
  child_keyword: string;
}

/** Upper case, no spaces or dashes. */
export const normaliseVoucher = (voucher: string) => voucher.toUpperCase().replace(/[\s-]+/g, '');

const matches = (pattern: string, voucher: string) => {
  try {
    return new RegExp(pattern).test(voucher);
  } catch {
    return false;
  }
};

/** 'child' or 'adult' when the voucher matches the group's expressions (child first), else null. */
export function voucherKind(voucher: string, rules: CitypassRules): 'adult' | 'child' | null {
  if (matches(rules.child_regexp, voucher)) return 'child';
  if (matches(rules.adult_regexp, voucher)) return 'adult';
  return null;
}

/** A ticket type is a child type when its name contains the keyword (any case). */
export const isChildType = (name: string, keyword: string) => name.toLowerCase().includes(keyword.toLowerCase());

/** The hidden code that counts a voucher's single use. */
export const voucherCodeOf = (voucher: string) => `CITYPASS:${voucher}`;
