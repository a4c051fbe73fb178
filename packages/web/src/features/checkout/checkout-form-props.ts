// What the checkout form is given (docs/payments.md#captcha-and-terms): the cart's amounts, the seller's payment settings, who buys, and what to do on each outcome.
import type { ReactNode } from 'react';
import type { TCart, TPayAnswer } from '@foyer/contracts';
import type { IdentityField } from '@foyer/contracts/rules';
import type { Message } from './checkout-form-state.js';
import type { PaymentSettings } from '../../shared/payment/payment-settings.js';
import type { PayAmounts } from '../../shared/payment/model.js';

export interface CheckoutFormProps {
  cartId: string;
  /** The cart's amounts: what is due now (a scheduled-payment plan) equals outstanding without a plan. */
  amounts: PayAmounts;
  /** A staff-created cart: the payment-link page (docs/payments.md#partial-payments-and-payment-links). */
  injected: boolean;
  currency: string;
  settings: PaymentSettings;
  /** Back from a payment redirect that did not go through: its message (redirect-return.ts). */
  initialFailure?: Message | null;
  /** A logged-in member buys as themselves: no identity form (docs/checkout.md#your-information). */
  member: boolean;
  /** The "your information" fields for a payment method (docs/checkout.md#your-information). */
  identityForm: (method: string) => IdentityField[];
  /** The server has an address-lookup key and the seller chose autocomplete mode (docs/checkout.md#address-lookup). */
  addressLookup: boolean;
  /** The cart summary; given the chosen method's fee when the server priced it for this payment (docs/payments.md "Payment-method fees"). */
  summary: ReactNode | ((methodFee: string | null) => ReactNode);
  onCompleted: (orderIds: string[]) => void;
  onPending: () => void;
  onPartial: (doc: TPayAnswer) => void;
  onExpired: () => void;
  onRefresh: () => void;
  /** docs/payments.md#gift-cards: the gift cards kept on the cart (applied before a reload), shown again and paid with first. */
  keptGiftCards?: TCart['giftCards'];
  /** A change to a booked order (self-edit, /manage/{id}/confirm): its buyer is known, so no "your information" (only the address a method needs) and no promo codes. */
  knownPurchaser?: boolean;
  /** docs/checkout.md#data stripeFee: each payment method's fee on what is due, as the server priced it. */
  stripeFee?: TCart['stripeFee'];
}
