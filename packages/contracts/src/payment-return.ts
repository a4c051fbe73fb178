import { z } from 'zod';

/**
 * POST cart/{id}/payment_return (docs/payments.md#paying Checkout): the browser came back from a payment redirect
 * (Afterpay, a bank page) with the intent's client secret; the server asks the gateway what became
 * of it. Answered like the pay call (ZPayAnswer).
 */
export const ZPaymentReturnBody = z
  .object({
    payment_intent_client_secret: z.string().min(1).max(300),
  })
  .strict();
export type TPaymentReturnBody = z.infer<typeof ZPaymentReturnBody>;
