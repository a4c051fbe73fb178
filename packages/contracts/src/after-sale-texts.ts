/** After-sale texts (001 §8) the server answers with and the web shows. */

export const RESEND_TEXT = {
  /** 001 §8: the 404 of POST ticket_order/resend. */
  noOrders: 'No orders could be found for this email address.',
} as const;

export const CANCEL_TEXT = {
  /** 001 §8: a free-order cancel that names a ticket that is not free. */
  notFree: 'You must contact us to cancel this order.',
  notCancellable: 'This ticket can no longer be cancelled.',
} as const;
