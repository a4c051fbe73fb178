import type { CartModifyBody } from '../cart/api.js';
import { promptForCode } from './code-prompt.js';
import { forgetLinkCode, linkCode } from './link-code.js';
import { codeRequiredOf } from './model.js';
import { citypassStore, voucherEntries } from './citypass-vouchers.js';

/**
 * A reserve with the promotion rules of 000 §2, §4: a code from a `?code=` link goes along as a
 * preloaded code; a refusal for want of a code (code_required) opens the code modal, which retries
 * with the code as a pre-reserve code. Answers false when the buyer closed the modal; other
 * refusals are thrown. `onPrompt` runs as the modal opens (the form stops showing busy).
 */
export async function reserveWithCodes(modify: (body: CartModifyBody) => Promise<unknown>, body: CartModifyBody, onPrompt?: () => void): Promise<boolean> {
  const preloaded = linkCode();
  const vouchers = body.add?.length ? voucherEntries() : [];
  const first = { ...body, ...(preloaded ? { preloadedPromoCodes: [preloaded] } : {}), ...(vouchers.length ? { preReservePromoCodes: vouchers } : {}) };
  try {
    await modify(first);
    if (preloaded) forgetLinkCode();
    if (vouchers.length) citypassStore.clear();
    return true;
  } catch (error) {
    const required = codeRequiredOf(error);
    if (!required) throw error;
    onPrompt?.();
    const done = await promptForCode(required.description, (code) => modify({ ...first, preReservePromoCodes: [...vouchers, code] }));
    if (done && preloaded) forgetLinkCode();
    return done;
  }
}
