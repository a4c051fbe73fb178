/** After-sale texts (docs/after-sale.md#errors) the server answers with and the web shows. */

export const RESEND_TEXT = {
  /** docs/after-sale.md#resending-tickets: the 404 of POST ticket_order/resend. */
  noOrders: 'No orders could be found for this email address.',
} as const;

/** docs/after-sale.md#errors Order management: reading an order (the manage page, the server's 404). */
export const ORDER_TEXT = {
  notFound: 'We could not find that order.',
  loadFailed: 'Oops! Sorry, something went wrong. Please try again.',
} as const;

export const CANCEL_TEXT = {
  /** docs/after-sale.md#errors: a free-order cancel that names a ticket that is not free. */
  notFree: 'You must contact us to cancel this order.',
  /** tickets_too_old: its session has started (docs/after-sale.md#who-may-read-or-change-an-order: only sessions in the future). */
  started: 'This ticket is for a session that has started, so it can no longer be cancelled.',
  /** ticket_state_incorrect: cancelled, redeemed, or being changed. */
  notBooked: 'This ticket has been used, cancelled or changed meanwhile, so it can no longer be cancelled.',
} as const;

/** docs/after-sale.md#screens Edit order, Reschedule; docs/after-sale.md#errors Order management (self-edit). */
export const SELF_EDIT_TEXT = {
  logOut: 'Please log-out to edit your tickets',
  contactToReschedule: 'Please contact us to reschedule your tickets.',
  paymentNotSupported: 'Payment is not supported for this amount.',
  notEditable: 'These tickets can no longer be changed online.',
  tooOld: 'These tickets are too close to their date to be changed online.',
  stateIncorrect: 'These tickets have changed meanwhile (cancelled, redeemed or being changed elsewhere).',
  notInOrder: 'We could not find that ticket in this order.',
  orderNotPaid: 'This order still has an amount to pay, so it cannot be changed online.',
  rescheduled: 'Your tickets have been rescheduled.',
  ticketCancelled: 'Your ticket has been cancelled.',
} as const;
