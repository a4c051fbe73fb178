import { z } from 'zod';
import { ZCartDocument, ZCartPaymentKeys, ZStripeFee, ZTicketDocumentFields } from './cart.js';
import { ZListDocument, ZResourceList, ZSessionSpanFields } from './resources.js';
import { ZJson, ZMoney } from './wire-primitives.js';
import { ZMembership, ZMembershipGift } from './memberships.js';

/** Checkout, payment and order wire shapes (docs/checkout.md). */

export * from './payment-limits.js';
import { GATEWAYS } from './payment-limits.js';

/** The pay body (docs/checkout.md#data): amount with 2 decimals, the gateway, its data. */
export const ZPayBody = z
  .object({
    amount: z.string().regex(/^\d+(\.\d{2})?$/, 'an amount with 2 decimals, e.g. "12.50"'),
    gateway_id: z.enum(GATEWAYS),
    gateway_data: ZJson.default({}),
    auto_renew: z.boolean().optional(),
    captcha: z.string().max(4000).optional(),
    /** The buyer accepted the seller's terms (required when the seller has terms: docs/payments.md). */
    terms_accepted: z.boolean().optional(),
  })
  .strict();
export type TPayBody = z.infer<typeof ZPayBody>;

/** POST cart/{id}/guest_checkout (docs/checkout.md#calls). */
export const ZGuestCheckout = z
  .object({
    guest_identity_id: z.string().min(1).max(64).optional(),
    giver_identity_id: z.string().min(1).max(64).optional(),
    /** A guest giving a membership: the giftee made by POST giftee (members use gift_checkout). */
    giftee_identity_id: z.string().min(1).max(64).optional(),
    send_email: z.boolean().default(true),
    /** The purchaser's answers to the "your information" form (docs/checkout.md#your-information), checked by the server with the form's rules. */
    identity_form: z
      .record(z.string().max(64), z.union([z.string().max(4000), z.boolean()]))
      .refine((answers) => Object.keys(answers).length <= 60, 'At most 60 answers.')
      .optional(),
    /** The payment method about to be used: bacs_debit and afterpay_clearpay add the address to the form (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit). */
    payment_method_type: z.string().max(50).optional(),
    /** docs/checkout.md#calls: a free edit of an order (a change cart with nothing to pay) is completed with gateway "free". */
    gateway_id: z.literal('free').optional(),
    gateway_data: ZJson.optional(),
  })
  .strict();
export type TGuestCheckout = z.infer<typeof ZGuestCheckout>;

export const ORDER_OUTCOMES = ['completed', 'pending', 'partial'] as const;

export const ZTicketOrder = z.object({
  id: z.string(),
  order_number: z.string(),
  seller_id: z.string(),
  identity_id: z.string(),
  cart_id: z.string(),
  state: z.enum(['completed', 'pending']),
  created_at: z.string(),
  /** The order's price with every fee (payment-method fees paid included), what was paid, what is left. */
  ticket_order_fees: z.object({
    total_after_fees_price: z.string(),
    total_payments: z.string(),
    total_outstanding: z.string(),
    /** Payment-method fees paid on top of the tickets (docs/payments.md "Payment-method fees"). */
    total_payment_method_fees: z.string().optional(),
  }),
  /** When the buyer accepted the seller's terms and which (sha256 of their text); null when the seller had none. */
  terms_acceptance: z.object({ accepted_at: z.string(), terms_hash: z.string() }).nullable().optional(),
  /**
   * With embed `scheduled_payment`, on an order that still owes something: each payment method's fee on
   * what is due now (the whole outstanding when nothing is due yet), which a later instalment pays on
   * top (docs/payments.md "Payment-method fees").
   */
  stripeFee: ZStripeFee.optional(),
});
export type TTicketOrder = z.infer<typeof ZTicketOrder>;

/** GET ticket_order and ticket_order/{id} (docs/checkout.md#calls): orders, their booked tickets and the requested embeds. */
export const ZOrderDocument = z.object({
  ticket_order: ZResourceList(ZTicketOrder),
  ...ZTicketDocumentFields,
  /** Embed `membership`: the member cards the order created or renewed. */
  membership: ZResourceList(ZMembership).optional(),
  /** Embed `membership_gift`: the gift codes the order bought (the owner's read only). */
  membership_gift: ZResourceList(ZMembershipGift).optional(),
  _total: z.number().int(),
});
export type TOrderDocument = z.infer<typeof ZOrderDocument>;

/** The pay answer (docs/checkout.md#data): the cart document, the outcome, and the order once completed. */
export const ZPayAnswer = ZCartDocument.extend({
  outcome: z.enum(ORDER_OUTCOMES),
  ticket_order: ZResourceList(ZTicketOrder).optional(),
});
export type TPayAnswer = z.infer<typeof ZPayAnswer>;

/** A gift card as GET ledger/{ledgerType}/{number} shows it (docs/payments.md#gift-cards). */
export const ZLedger = z.object({ number: z.string(), state: z.string(), balance: ZMoney });
export type TLedger = z.infer<typeof ZLedger>;
export const ZLedgerDocument = ZListDocument('ledger', ZLedger);
export type TLedgerDocument = z.infer<typeof ZLedgerDocument>;

export const ZPayment = z.object({
  ...ZCartPaymentKeys,
  gateway_id: z.enum(GATEWAYS),
  amount: z.string(),
  status: z.enum(['succeeded', 'requires_action', 'failed', 'refunded']),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;

/** POST giftee (docs/memberships.md#7-gifts-of-membership): the person a gift is for; answers with their identity id. */
export const ZGiftee = z
  .object({
    first_name: z.string().trim().min(1).max(50),
    last_name: z.string().trim().min(1).max(50),
    email: z.string().trim().min(1).max(254).check(z.email()),
    additional_info: ZJson.optional(),
  })
  .strict();
export type TGiftee = z.infer<typeof ZGiftee>;

/** POST giftee's answer: the giftee and, at the top, their identity id. */
export const ZGifteeAnswer = z.object({
  giftee: ZResourceList(z.object({ identity_id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() })),
  identity_id: z.string(),
  _total: z.number().int(),
});

/** POST my/cart/{id}/gift_checkout (docs/memberships.md#7-gifts-of-membership). */
export const ZGiftCheckout = z
  .object({
    giftee_identity_id: z.string().min(1).max(64),
    send_email: z.boolean().default(true),
  })
  .strict();
export type TGiftCheckout = z.infer<typeof ZGiftCheckout>;

/** docs/memberships.md#7-gifts-of-membership: gifting to oneself. */
export { GIFT_TO_SELF } from './membership-gift-texts.js';

/** GET my/order_session (docs/events.md#data Order-session): one row per order and session the user has tickets for. */
export const ZOrderSession = z.object({
  /** `{ticket_order_id}:{event_session_id}`. */
  id: z.string(),
  ...ZSessionSpanFields,
  /** The venue's time zone, for showing the start. */
  timezone: z.string(),
  ticket_order_id: z.string(),
  event_template_id: z.string(),
  event_session_id: z.string(),
  num_tickets: z.number().int(),
  order_number: z.string(),
  purchased_on: z.string(),
  event_name: z.string(),
});
export type TOrderSession = z.infer<typeof ZOrderSession>;
export const ZOrderSessionDocument = z.object({ order_session: ZResourceList(ZOrderSession) });
