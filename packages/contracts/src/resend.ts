import { z } from 'zod';
import { EMAIL_MAX } from './auth.js';

/** After the sale: resending orders by e-mail and cancelling free tickets (001 §2, §4, §7, §8). */

export const RESEND_TEXT = {
  /** 001 §8: the 404 of POST ticket_order/resend. */
  noOrders: 'No orders could be found for this email address.',
} as const;

/** POST ticket_order/resend: every order of the address (only those with memberships if asked). */
export const ZResendOrders = z
  .object({
    email: z.string().trim().min(1).max(EMAIL_MAX),
    memberships_only: z.boolean().optional(),
  })
  .strict();
export type TResendOrders = z.infer<typeof ZResendOrders>;

/** POST my/ticket_order/resend: the logged-in user's orders, to the account's address. */
export const ZMyResendOrders = z.object({ memberships_only: z.boolean().optional() }).strict();

export const ZResendAnswer = z.object({ sent: z.literal(true) });
export type TResendAnswer = z.infer<typeof ZResendAnswer>;

/** POST ticket_order/{id}/cancel (001 §7): the tickets to cancel; gateway_data for a refund later. */
export const ZCancelTickets = z
  .object({
    gateway_data: z.record(z.string(), z.unknown()).optional(),
    tickets: z.array(z.object({ ticket_id: z.string().min(1).max(64) }).strict()).min(1).max(500),
  })
  .strict();
export type TCancelTickets = z.infer<typeof ZCancelTickets>;

export const CANCEL_TEXT = {
  /** 001 §8: a free-order cancel that names a ticket that is not free. */
  notFree: 'You must contact us to cancel this order.',
  notCancellable: 'This ticket can no longer be cancelled.',
} as const;

/** How many of the named tickets this call cancelled (0 when another call already had). */
export const ZCancelAnswer = z.object({ cancelled: z.number().int() });
export type TCancelAnswer = z.infer<typeof ZCancelAnswer>;
