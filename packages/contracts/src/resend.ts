import { z } from 'zod';
import { EMAIL_MAX } from './auth-limits.js';
export * from './after-sale-texts.js';

/** After the sale: resending orders by e-mail and cancelling free tickets (docs/after-sale.md#resending-tickets). */

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

/** POST ticket_order/{id}/cancel (docs/after-sale.md#resending-tickets): the tickets to cancel; gateway_data for a refund later. */
export const ZCancelTickets = z
  .object({
    gateway_data: z.record(z.string(), z.unknown()).optional(),
    tickets: z.array(z.object({ ticket_id: z.string().min(1).max(64) }).strict()).min(1).max(500),
  })
  .strict();
export type TCancelTickets = z.infer<typeof ZCancelTickets>;

/** How many of the named tickets this call cancelled (0 when another call already had). */
export const ZCancelAnswer = z.object({ cancelled: z.number().int() });
export type TCancelAnswer = z.infer<typeof ZCancelAnswer>;

/** POST ticket_order/{id}/email (docs/after-sale.md#resending-tickets): which e-mail — none: the confirmation; order_cancel or order_update. */
export const ZOrderEmail = z.object({ log_context: z.enum(['order_cancel', 'order_update']).optional() }).strict();
export type TOrderEmail = z.infer<typeof ZOrderEmail>;
