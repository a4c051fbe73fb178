import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { en, format } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import type { OrderTicketView } from '../../shared/orders/orders.js';

/**
 * On the order-complete page (issue 14: the discount everywhere money is shown): what the order's
 * tickets were reduced by — face value less the price paid, promotions and gift codes alike.
 * Nothing when no ticket was reduced.
 */
export function OrderDiscount({ tickets, currency }: { tickets: readonly OrderTicketView[]; currency: string }) {
  const saved = tickets.reduce((n, { ticket }) => n + Math.max(0, toMinor(ticket.face_value) - toMinor(ticket.adjusted_value)), 0);
  if (saved <= 0) return null;
  return (
    <p className="complete-order__discount" data-testid="order-discount">
      {format(en.complete.discount, { amount: formatMoney(fromMinor(saved), currency, { zeroAsFree: false }) })}
    </p>
  );
}
