/**
 * The self-edit screens' texts (docs/after-sale.md#screens Edit order, Reschedule, /manage/{id}/confirm): a part of the
 * string catalogue that loads with those screens only, so the initial JS of the shopping pages
 * stays within its budget (e2e/js-budget.e2e.ts). The spec's own sentences are SELF_EDIT_TEXT in
 * the contracts.
 */
export const selfEditText = {
  cancelSession: 'Cancel',
  reschedule: 'Reschedule',
  remove: 'Remove',
  removeTicket: 'Remove {name}',
  removed: 'to be removed',
  newTickets: 'New tickets',
  discard: 'Cancel',
  confirm: 'Confirm Changes',
  toPay: '{amount} to pay',
  toRefund: '{amount} to refund',
  nothingToPay: 'Nothing to pay',
  rescheduleTitle: 'Reschedule',
  rescheduleLead: 'Choose a new date and time for these tickets.',
  chooseDate: 'Choose a date',
  chooseTime: 'Choose a time',
  update: 'Update',
  updating: 'Updating…',
  back: 'Back to your order',
  priceIncrease: 'The new time costs {amount} more. Your new tickets are held until {time}; confirm your changes before then.',
  continue: 'Continue',
  restart: 'Start again',
  soldOut: 'Tickets have sold out for this session. Please choose another time.',
  nothingToReschedule: 'There is nothing in this session to reschedule.',
  confirmTitle: 'Pay for your changes',
  confirmLead: 'Pay the difference to confirm the changes to your order.',
  ticketsOf: 'Tickets for {session}',
  /** docs/cart.md#holds-and-expiry: the change cart's hold ran out. */
  expiredTitle: 'Your changes have timed out',
  expiredText: 'Your changes were not saved and your order is as it was. You can make them again.',
  startOver: 'Start over',
  /** docs/after-sale.md#screens Reschedule: the price check's warning once a time is chosen (POST events/{id}/pricecheck). */
  priceCheckIncrease: 'Moving to {time} costs {amount} more than you paid.',
};
