import { CONFIG } from '@foyer/contracts';
import { checkIdentityForm, identityAnswersToKeep, identityForm, type IdentityAnswers, type IdentityField, type IdentityFieldProblem } from '@foyer/contracts/rules';
import type { Tx } from '../db/database.js';
import { orderForConfirmation } from '../orders/public.js';
import { userByIdentity } from '../users/public.js';
import { AppError } from '../http/app-error.js';
import { sellerConfigText } from '../config/public.js';
import { formSourcesOfCart } from './checkout.repository.js';

/** docs/checkout.md#your-information form error banner: the description of a refused identity form. */
export const FORM_ERRORS_TEXT = 'There were errors found in the information you submitted. Please address the errors and re-submit the form.';

const parse = (json: string | null | undefined): unknown => {
  try {
    return json ? JSON.parse(json) : null;
  } catch {
    return null;
  }
};
const metaOf = (json: string) => (parse(json) ?? {}) as Record<string, unknown>;

/**
 * The "your information" form of a cart (docs/checkout.md#your-information): the seller's web.identity_form, then the
 * identity_form of each event in the cart, then each group's identity_form and extra_checkout_fields.
 */
export async function purchaserFormOfCart(db: Tx, sellerId: string, cartId: string): Promise<IdentityField[]> {
  const config = await sellerConfigText(db, sellerId, CONFIG.identityForm.namespace, CONFIG.identityForm.name);
  const rows = await formSourcesOfCart(db, cartId);
  const events = new Map(rows.map((r) => [r.event_id, metaOf(r.event_meta)]));
  const groups = new Map(rows.map((r) => [r.group_id, metaOf(r.group_meta)]));
  return identityForm(
    parse(config),
    ...[...events.values()].map((m) => m.identity_form),
    ...[...groups.values()].flatMap((m) => [m.identity_form, m.extra_checkout_fields]),
  );
}

/**
 * The purchaser's answers checked with the form's rules (the same code the browser runs); the
 * account's names and e-mail stand for those fields. Refused with every field's problem in _extra;
 * else what is kept: the answers of the fields that apply.
 */
export function checkPurchaserAnswers(form: readonly IdentityField[], account: { first_name: string; last_name: string; email: string }, answers: IdentityAnswers): IdentityAnswers {
  const all: IdentityAnswers = { ...answers, first_name: account.first_name, last_name: account.last_name, email: account.email };
  refuseFieldProblems(checkIdentityForm(form, all), 'identity_form');
  return identityAnswersToKeep(form, all);
}

/** 400 validation_failed with every field's problem in _extra (`field`: the first, `fields`: by key), for the browser to show at each field. */
export function refuseFieldProblems(problems: Record<string, IdentityFieldProblem>, context: string): void {
  const keys = Object.keys(problems);
  if (keys.length) throw new AppError(400, 'validation_failed', FORM_ERRORS_TEXT, context, { field: keys[0], fields: problems });
}

/**
 * The account that pays a change cart (self-edit, docs/after-sale.md#how-a-change-works-server): its order's buyer, read from the order —
 * never named by the browser (the caller holds the change cart, made with the order's manage key).
 */
export async function changeCartBuyer(db: Tx, cart: { seller_id: string; edits_order_id: string | null }) {
  const order = cart.edits_order_id ? await orderForConfirmation(db, cart.edits_order_id) : undefined;
  return order?.purchaser_identity_id ? userByIdentity(db, order.purchaser_identity_id, cart.seller_id) : undefined;
}
