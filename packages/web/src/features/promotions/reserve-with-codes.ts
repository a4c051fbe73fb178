import type { CartModifyBody } from '../../shared/cart/api.js';
import { promptForCode } from './code-prompt.js';
import { forgetLinkCode, linkCode } from './link-code.js';
import { citypassRefusalOf, codeRequiredOf, linkCodeOf } from './model.js';
import { citypassStore, voucherEntries } from './citypass-vouchers.js';

/**
 * A reserve with the promotion rules of docs/promotions.md#the-storefront, docs/promotions.md#applying-codes: a code from a `?code=` link goes along as a
 * preloaded code (`urlCode`: the link's own, for a reserve that may start before the banner has
 * looked the code up); a refusal for want of a code (code_required) opens the code modal, which
 * retries with the code as a pre-reserve code; a city-pass voucher's refusal (invalid_citypass,
 * code_exhausted) is shown at the city-pass field. Answers false when the buyer closed the modal or
 * a voucher was refused; other refusals are thrown. `onHandled` runs when the refusal is handled
 * here (the form stops showing busy).
 */
export async function reserveWithCodes(modify: (body: CartModifyBody) => Promise<unknown>, body: CartModifyBody, onHandled?: () => void, urlCode?: string | null): Promise<boolean> {
  const preloaded = linkCode() ?? linkCodeOf(urlCode);
  const vouchers = body.add?.length ? voucherEntries() : [];
  const first = { ...body, ...(preloaded ? { preloadedPromoCodes: [preloaded] } : {}), ...(vouchers.length ? { preReservePromoCodes: vouchers } : {}) };
  try {
    await modify(first);
    if (preloaded) forgetLinkCode();
    if (vouchers.length) citypassStore.clear();
    return true;
  } catch (error) {
    const voucherRefusal = vouchers.length ? citypassRefusalOf(error) : null;
    if (voucherRefusal) {
      citypassStore.fail(voucherRefusal);
      onHandled?.();
      return false;
    }
    const required = codeRequiredOf(error);
    if (!required) throw error;
    onHandled?.();
    const done = await promptForCode(required.description, (code) => modify({ ...first, preReservePromoCodes: [...vouchers, code] }));
    if (done && preloaded) forgetLinkCode();
    return done;
  }
}
