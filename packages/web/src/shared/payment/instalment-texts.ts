/**
 * The texts of later instalments (issue 13). Kept beside the screens rather than in i18n/en.ts:
 * en.ts ships in the entry that every first page load pays for (docs/performance.md, the 150 KB
 * budget), and these are only ever shown on the lazily loaded manage screens.
 */
export const instalmentTexts = {
  stillToPay: '{amount} still to pay',
  dueNow: '{amount} is due now.',
  nextDue: 'Next payment: {amount} due on {date}.',
  overdue: 'Overdue: your payment due on {date} has not been received. Please pay {amount} now.',
  payNow: 'Pay now',
  autopay: 'Keep this card and charge it automatically for the remaining payments on their due dates',
  status: { paid: 'Paid', due: 'Due', overdue: 'Overdue', scheduled: 'Scheduled' },
  payTitle: 'Pay for your order',
  payHeading: 'Pay for order {number}',
  paymentHeading: 'Payment',
  nothingToPay: 'There is nothing left to pay on this order.',
  backToOrder: 'Back to your order',
  pending: 'Your payment is being processed. We will e-mail you when it is complete.',
  paid: 'Thank you: your payment of {amount} was received. We have sent you a receipt by e-mail.',
  /** An expired manage link (keys expire; ../expired-link.tsx). */
  getNewLink: 'Get a new link',
} as const;
