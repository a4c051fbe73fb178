import { z } from 'zod';
import { EMAIL_MAX } from './auth.js';

/** Resending orders by e-mail (001 §2 Resend order, §7 POST ticket_order/resend, §8). */

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
