import { z } from 'zod';
import { ZJson, ZMoney, ZOpenTermFields } from './wire-primitives.js';
import { ADMIT_NAME_MAX } from './attendee-limits.js';
import { ZMembershipCartItem } from './memberships.js';
import { ZTicketSeat } from './seats.js';
import { ZCartModOut, ZCartPromoCode, ZPromoCodeEntry } from './promotions.js';
import { ZConfigEntry, ZEventSession, ZEventTemplate, ZMetaEntry, ZResourceList, ZSeller, ZTicketGroup, ZTicketType, ZVenue } from './resources.js';

/** Cart wire shapes (docs/cart.md#data, docs/cart.md#calls). */

export const DEFAULT_HOLD_MINUTES = 30;

const Id = z.string().min(1).max(64);

/** One ticket to reserve. */
export const ZReserveTicket = z.object({
  ticket_type_id: Id,
  event_session_id: Id.nullish(),
  /** A chosen amount for a flexible price: a positive decimal with at most 2 places. */
  face_value: z.union([z.string(), z.number()]).nullish(),
  admit_name: z.string().max(ADMIT_NAME_MAX).nullish(),
  admit_email: z.string().max(254).nullish(),
  handler_data: ZJson.nullish(),
});
export type TReserveTicket = z.infer<typeof ZReserveTicket>;

/** Survey answers of one ticket group. */
export const ZAdditionalInfo = z.object({ ticket_group_id: Id, data: ZJson });

export const ZCartModify = z
  .object({
    add: z.array(ZReserveTicket).max(1000).default([]),
    /** Ticket ids to remove. */
    remove: z.array(Id).max(1000).default([]),
    additionalInfo: z.array(ZAdditionalInfo).max(50).optional(),
    campaign: z.record(z.string(), z.string().max(500)).optional(),
    preloadedPromoCodes: z.array(z.string().max(200)).max(20).optional(),
    preReservePromoCodes: z.array(ZPromoCodeEntry).max(20).optional(),
    postReservePromoCodes: z.array(ZPromoCodeEntry).max(20).optional(),
    /** Self-edit (docs/after-sale.md#how-a-change-works-server Edit order): a new cart that changes this booked order; `remove` may then name its tickets. */
    ticket_order_id: Id.optional(),
  })
  .strict();
export type TCartModify = z.infer<typeof ZCartModify>;

/** POST cart/{cartId}/remove (docs/cart.md#calls): ticket ids to take out of the cart (a change cart: also the order's tickets). */
export const ZCartRemove = z.object({ tickets: z.array(Id).min(1).max(1000) }).strict();
export type TCartRemove = z.infer<typeof ZCartRemove>;

/** POST cart/{id}/gift_card: a gift card to keep on the cart (docs/payments.md#gift-cards: required, at most 70 characters). */
export const ZCartGiftCardBody = z.object({ number: z.string().trim().min(1).max(70) }).strict();
export type TCartGiftCardBody = z.infer<typeof ZCartGiftCardBody>;
export type TCartGiftCard = { number: string; balance: string; state: string };

/** POST cart/{id}/transfer: the payment link's key (a staff-created cart, /transfer-cart/{id}?key=…). */
export const ZCartTransfer = z.object({ key: z.string().max(200).optional() }).strict();
export type TCartTransfer = z.infer<typeof ZCartTransfer>;

/** 'checkout': a payment is in flight; the cart cannot change until it ends. */
export const CART_STATES = ['pending', 'checkout', 'booked', 'expired', 'deleted'] as const;
/** 'in_cart': a booked ticket a change cart is taking out of its order (self-edit, until confirmed). */
export const TICKET_STATES = ['held', 'cancelled', 'booked', 'redeemed', 'in_cart'] as const;

export const ZCartFees = z.object({
  /** The gateway the outstanding balance is paid through ('free' when nothing is owed), and the seller's account there. */
  gateway_id: z.string(),
  account_id: z.string().nullable(),
  /** The live tickets' face value, before modifiers and fees. */
  face_value: ZMoney,
  total_before_cartmod_price: ZMoney,
  total_fee_fixed_outside: ZMoney,
  total_fee_percent_outside: ZMoney,
  total_cartmod_amount: ZMoney,
  /** Paid toward the balance (payment-method fees not included) and what is left of it. */
  total_payments: ZMoney,
  total_outstanding: ZMoney,
  /** Payment-method fees charged so far, on top of the payments (docs/payments.md "Payment-method fees"). */
  total_payment_method_fees: ZMoney.optional(),
});

/** Each payment method's fee on an amount due, and what paying it by that method costs (docs/payments.md "Payment-method fees"). */
export const ZStripeFee = z.array(z.object({ pmc_id: z.string(), payment_method: z.string(), amount: ZMoney, total: ZMoney.optional() }));

export const ZCart = z.object({
  id: z.string(),
  cart_number: z.string(),
  seller_id: z.string(),
  state: z.enum(CART_STATES),
  expires_at: z.string().nullable(),
  /** Seconds left; 0 once expired, null without a hold. */
  expires_in: z.number().int().nullable(),
  identity_id: z.string(),
  ticket_order_id: z.string().nullable(),
  campaign: z.record(z.string(), z.string()).nullable(),
  additional_info: z.array(ZAdditionalInfo),
  cart_fees: ZCartFees,
  /** docs/payments.md#partial-payments-and-payment-links: a staff-created cart, paid through the payment-link page; not modifiable. */
  injected: z.boolean().optional(),
  /** What is due now (a payment plan), and everything left to pay. */
  paymentDue: ZMoney.optional(),
  outstandingBalance: ZMoney.optional(),
  /** docs/cart.md#data: what is due when paid by card (the card's fee added), and each payment method's fee by its Stripe configuration (docs/payments.md "Payment-method fees"). */
  paymentDueByCreditCard: ZMoney.optional(),
  /** Each method's fee on what is due, and what paying it by that method costs (what is due plus the fee). */
  stripeFee: ZStripeFee.optional(),
  completedPayments: z.array(z.object({ id: z.string(), occurredDate: z.string(), amount: ZMoney, status: z.string() })).optional(),
  giftee: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable().optional(),
  /** docs/promotions.md#cart-modifiers cart mods: the discounts the server priced (promotions.ts), and the codes applied. */
  cartmods: z.array(ZCartModOut).optional(),
  promo_codes: z.array(ZCartPromoCode).optional(),
  /** docs/payments.md#gift-cards: the gift cards applied at checkout, kept until paid (balance and state as the ledger has them now). */
  giftCards: z.array(z.object({ number: z.string(), balance: ZMoney, state: z.string() })).optional(),
  /** A change cart (self-edit): the order it changes, and what the order tickets it takes out were worth. */
  edits_order_id: z.string().nullable().optional(),
  credit: ZMoney.optional(),
});
export type TCart = z.infer<typeof ZCart>;

export const ZTicket = z.object({
  id: z.string(),
  cart_id: z.string(),
  state: z.enum(TICKET_STATES),
  ticket_order_id: z.string().nullable(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  event_template_id: z.string(),
  event_session_id: z.string().nullable(),
  handler: z.string(),
  ...ZOpenTermFields,
  face_value: ZMoney,
  adjusted_value: ZMoney,
  fee_fixed_outside: ZMoney,
  fee_percent_outside: ZMoney,
  admit_name: z.string().nullable(),
  admit_email: z.string().nullable(),
  /** Set once booked: what the ticket's QR code carries. */
  scan_code: z.string().nullable(),
  /** A seated ticket's seat (sent only for seated tickets; the document's `seat` list has it). */
  seat_id: z.string().optional(),
});
export type TTicket = z.infer<typeof ZTicket>;

/** What every payment row of a cart carries first: its id, its cart and, once booked, the cart's order (instalments, attempts, payments). */
export const ZCartPaymentKeys = {
  id: z.string(),
  cart_id: z.string(),
  ticket_order_id: z.string().nullable(),
};

/** One instalment of a staff-created cart's payment plan (embed scheduled_payment, docs/payments.md#partial-payments-and-payment-links). */
export const ZScheduledPayment = z.object({
  ...ZCartPaymentKeys,
  dueDate: z.string(),
  amount: ZMoney,
  status: z.string(),
});
export type TScheduledPayment = z.infer<typeof ZScheduledPayment>;

/** One payment attempt on a cart (embed gateway_audit, docs/cart.md#data): its gateway, amount and outcome. */
export const ZGatewayAudit = z.object({
  ...ZCartPaymentKeys,
  gateway_id: z.string(),
  amount: ZMoney,
  status: z.string(),
  error_code: z.string().nullable(),
  created_at: z.string(),
});
export type TGatewayAudit = z.infer<typeof ZGatewayAudit>;

/** The cart's owner as embed `identity` carries it (docs/cart.md#screens: the login links show for a public identity). */
export const ZCartIdentity = z.object({ id: z.string(), ownedByPublicIdentity: z.boolean() });

/** What a cart or order document carries beside its primary list: its tickets, and the embeds it may carry (each a list of strict resources). */
export const ZTicketDocumentFields = {
  ticket: ZResourceList(ZTicket),
  ticket_type: ZResourceList(ZTicketType).optional(),
  ticket_group: ZResourceList(ZTicketGroup).optional(),
  event_session: ZResourceList(ZEventSession).optional(),
  event_template: ZResourceList(ZEventTemplate).optional(),
  venue: ZResourceList(ZVenue).optional(),
  meta: ZResourceList(ZMetaEntry).optional(),
  /** Embed `scheduled_payment`: a payment plan's instalments, their statuses as of now. */
  scheduled_payment: ZResourceList(ZScheduledPayment).optional(),
  /** The seats of seated tickets (reserved seating), whenever there are any. */
  seat: ZResourceList(ZTicketSeat).optional(),
};

/** Every cart call's answer (docs/cart.md#calls): the cart, its tickets and the requested embeds. */
export const ZCartDocument = z.object({
  cart: ZResourceList(ZCart),
  ...ZTicketDocumentFields,
  seller: ZResourceList(ZSeller).optional(),
  config: ZResourceList(ZConfigEntry).optional(),
  identity: ZResourceList(ZCartIdentity).optional(),
  /** Membership tickets: the members each will create, or the membership it renews (memberships.ts). */
  membership_item: ZResourceList(ZMembershipCartItem).optional(),
  gateway_audit: ZResourceList(ZGatewayAudit).optional(),
  _total: z.number().int(),
});
export type TCartDocument = z.infer<typeof ZCartDocument>;

/** DELETE cart/{id}: the deleted cart and how many tickets went back on sale. */
export const ZCartDeleted = z.object({ cart: ZResourceList(ZCart), released: z.number().int() });
