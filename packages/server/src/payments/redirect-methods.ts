import { PAYMENT_CONFIG, type TPayBody } from '@foyer/contracts';
import { ADDRESS_METHODS, addressFieldsOf, withAddressFields } from '@foyer/contracts/rules';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { sellerConfigValue } from '../config/public.js';
import { userByIdentity } from '../users/public.js';
import { changeCartBuyer, checkPurchaserAnswers, purchaserFormOfCart } from '../checkout/purchaser-form.js';
import type { PaymentGateway, RedirectPayment } from './gateway.js';
import { mustExist } from '../must-exist.js';

/** The methods a seller enabled (payments.stripe_payment_methods), among those Foyer knows. */
export async function enabledRedirectMethods(tx: Tx, sellerId: string): Promise<RedirectPayment['type'][]> {
  const raw = await sellerConfigValue(tx, sellerId, PAYMENT_CONFIG.stripePaymentMethods.namespace, PAYMENT_CONFIG.stripePaymentMethods.name).catch(() => undefined);
  const list = Array.isArray(raw) ? raw : [];
  return ADDRESS_METHODS.filter((m): m is RedirectPayment['type'] => list.includes(m));
}

/** A Stripe payment method id, as Stripe.js hands it to the page. */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/;
/** Bank details a client might send along: refused, never forwarded nor kept (docs/payments.md "Bacs Direct Debit"). */
const BANK_DETAIL_KEYS = ['sort_code', 'account_number', 'bacs_debit'];

export interface RedirectContext {
  /** The storefront's base URL: the provider sends the buyer back to its checkout. */
  publicUrl: string;
  /** A logged-in member pays through my/cart: the return address says so. */
  member: boolean;
  ip: string;
  userAgent: string;
}

/**
 * A pay call naming `gateway_data.payment_method_type` (bacs_debit, afterpay_clearpay; docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit):
 * the method must be enabled for the seller and taken by Stripe, and the purchaser's address —
 * the answers kept on the cart by guest_checkout, checked again here with the address fields
 * required — is what goes to the provider. Refusals: 400 payment_not_supported (method off),
 * 400 validation_failed (no purchaser yet; the address with every field's problem; for Bacs, bank
 * details sent here, no payment method from Stripe.js, the mandate not agreed).
 * Null for an ordinary card or wallet payment.
 */
export async function redirectPaymentOf(tx: Tx, cart: Selectable<CartTable>, body: TPayBody, gateway: PaymentGateway, context: RedirectContext): Promise<RedirectPayment | null> {
  const type = body.gateway_data.payment_method_type;
  if (type === undefined) return null;
  const enabled = gateway.id === 'stripe' ? await enabledRedirectMethods(tx, cart.seller_id) : [];
  const method = enabled.find((m) => m === type);
  if (!method) throw new AppError(400, 'payment_not_supported', 'This payment method is not available.', 'payment', { payment_method_type: typeof type === 'string' ? type.slice(0, 50) : null });

  // A change cart (self-edit) is paid by its order's buyer, who gave their details at checkout: only the address is asked.
  const account = cart.edits_order_id ? await changeCartBuyer(tx, cart) : cart.purchaser_identity_id ? await userByIdentity(tx, cart.purchaser_identity_id, cart.seller_id) : undefined;
  if (!account) throw new AppError(400, 'validation_failed', 'Please enter your details to continue.', 'checkout', { field: 'guest_identity_id' });
  const stored = cart.purchaser_meta ? (JSON.parse(cart.purchaser_meta) as Record<string, string | boolean>) : {};
  const form = await purchaserFormOfCart(tx, cart.seller_id, cart.id);
  // The same rules as the browser's form, with the address required (throws the form's envelope).
  const answers = checkPurchaserAnswers(cart.edits_order_id ? addressFieldsOf(form) : withAddressFields(form), account, stored);
  const text = (key: string) => (typeof answers[key] === 'string' ? (answers[key]) : undefined);
  // The address fields were required just above.
  const required = (key: string) => mustExist(text(key), `purchaser's ${key}`);

  let bankPaymentMethodId: string | null = null;
  if (method === 'bacs_debit') {
    // The bank details go from Stripe's element to Stripe: a pay call carrying them is refused before anything is made.
    if (BANK_DETAIL_KEYS.some((key) => key in body.gateway_data)) {
      throw new AppError(400, 'validation_failed', 'Enter your bank details in the Direct Debit form: they go to Stripe, never to us.', 'payment', { field: 'bank_details' });
    }
    const id = body.gateway_data.payment_method_id;
    if (typeof id !== 'string' || !PAYMENT_METHOD_ID.test(id)) {
      throw new AppError(400, 'validation_failed', 'Please edit your payment details and try again.', 'payment', { field: 'payment_method_id' });
    }
    // The Direct Debit mandate (the buyer ticked the agreement under the Direct Debit Guarantee).
    if (body.gateway_data.mandate_accepted !== true) {
      throw new AppError(400, 'validation_failed', 'Please agree to the Direct Debit mandate to pay by Direct Debit.', 'payment', { field: 'mandate_accepted' });
    }
    bankPaymentMethodId = id;
  }
  const returnUrl = new URL('/checkout', context.publicUrl);
  returnUrl.searchParams.set('cartId', cart.id);
  returnUrl.searchParams.set('purchaser', context.member ? 'member' : 'guest');
  // A manage-order payment (docs/after-sale.md#screens): the order comes from the change cart itself, never from the request; the storefront goes back to /manage/{orderId}.
  if (cart.edits_order_id) returnUrl.searchParams.set('orderId', cart.edits_order_id);
  return {
    type: method,
    billing: {
      name: `${account.first_name} ${account.last_name}`.trim(),
      email: account.email,
      address: { line1: required('address'), line2: text('address_more'), city: required('city'), postal_code: required('zip_code'), country: required('country').toUpperCase(), state: text('state')?.toUpperCase() },
    },
    bankPaymentMethodId,
    returnUrl: returnUrl.toString(),
    mandate: { ip: context.ip, userAgent: context.userAgent.slice(0, 500) },
  };
}
