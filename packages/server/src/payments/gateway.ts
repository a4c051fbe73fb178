/** A payment gateway (docs/payments.md#paying): the only thing that moves money. */
export interface ChargeRequest {
  paymentId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  data: Record<string, unknown>;
  idempotencyKey: string;
  /** A payment that earlier required action and has since been confirmed by the buyer. */
  confirmedIntent?: { reference: string } | null;
  /** Charge a card kept earlier (auto-renew), the buyer absent: its saved reference. Never from a request body. */
  offSession?: { reference: string } | null;
  /** Keep the card for later off-session charges (auto-renew): a succeeded result then says `saved`. */
  saveForFutureUse?: { email: string; name: string } | null;
  /**
   * The seller's Stripe payment method configuration for the method charged (`pmc_id` of its fee
   * entry, docs/payments.md "Payment-method fees"), sent as the intent's `payment_method_configuration`.
   */
  paymentMethodConfiguration?: string | null;
  /** A method that redirects or needs the address (bacs_debit, afterpay_clearpay): checked by the server, never from the browser as is. */
  redirect?: RedirectPayment | null;
}

/** A Stripe method that redirects or needs the address (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit), as checked in redirect-methods.ts. */
export interface RedirectPayment {
  type: 'bacs_debit' | 'afterpay_clearpay';
  billing: { name: string; email: string; address: { line1: string; line2?: string; city: string; postal_code: string; country: string; state?: string } };
  /**
   * bacs_debit only: the payment method Stripe.js made in the buyer's browser from Stripe's own
   * element (the bank details went to Stripe, never through Foyer: docs/payments.md).
   */
  bankPaymentMethodId: string | null;
  /** Where the provider sends the buyer back: the storefront's checkout with cartId and purchaser. */
  returnUrl: string;
  /** The buyer's acceptance of the Direct Debit mandate (bacs_debit): their address and browser. */
  mandate: { ip: string; userAgent: string };
}

/** A card the gateway keeps for later: its reusable reference, and brand and last 4 to show. */
export interface SavedCard {
  reference: string;
  brand: string;
  last4: string;
}

export type FailureCode = 'card_declined' | 'incorrect_cvc' | 'incorrect_zip' | 'payment_failed';

export type ChargeResult =
  /** `card`: the card charged, when the gateway says (its last 4 are kept on the payment; docs/box-office.md, Find). */
  | { status: 'succeeded'; reference: string; saved?: SavedCard; card?: { brand: string; last4: string } }
  | { status: 'requires_action'; reference: string; clientSecret: string; redirectUrl?: string }
  | { status: 'failed'; code: FailureCode; message: string }
  /** Accepted but not final (a debit awaiting clearing): the webhook settles it. */
  | { status: 'processing'; reference: string }
  /** The gateway could not say (network error after the request left): money may have moved. */
  | { status: 'unknown' };

/** A seller's gateways by id; an id from a request or a stored payment may name none of them. */
export type Gateways = Partial<Record<string, PaymentGateway>>;

export interface PaymentGateway {
  id: string;
  /** Card gateways carry the card amount limits of docs/checkout.md#limits. */
  isCard: boolean;
  /** The demo gateway confirms 3-D Secure itself (its confirm endpoint); others ask the provider. */
  confirmsLocally?: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * A payment cut off after it took money (its reference was recorded with the debit) but before
   * any order: the reconciler gives it back rather than failing it (gift cards).
   */
  givesBackInterrupted?: boolean;
  /** What became of a payment whose answer was lost (the reconciler); null: the provider never saw it. */
  lookup?(payment: { id: string; reference: string | null }): Promise<ChargeResult | null>;
  /**
   * The buyer came back from a payment redirect with the intent's client secret: the intent's state,
   * or null when the secret is not that intent's (never trusting the browser's word).
   */
  returned?(payment: { reference: string; clientSecret: string }): Promise<ChargeResult | null>;
  /** Gives the money of a succeeded payment back. Throws when the provider cannot be reached. */
  refund(payment: { id: string; reference: string | null; amount: number }): Promise<void>;
}
