import { fromMinor } from '@foyer/contracts/constants';
import { Link } from 'react-router';
import { format } from '../../../i18n/en.js';
import { formatOrderDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/money.js';
import { instalmentPayPath, type InstalmentView } from './instalment-plan.js';
import { instalmentTexts } from '../../../shared/payment/instalment-texts.js';

/** A status the texts do not name yet shows as its code. */
const statusTexts: Partial<Record<string, string>> = instalmentTexts.status;

/**
 * An order with something still to pay (docs/after-sale.md#how-a-change-works-server manage-order payments): how much, the next
 * instalment and its due date, the plan, and "Pay now" to the order's pay screen.
 */
export function InstalmentSummary({ view, orderId, currency }: { view: InstalmentView; orderId: string; currency: string }) {
  const money = (minor: number) => formatMoney(fromMinor(minor), currency, { zeroAsFree: false });
  return (
    <section className="panel instalments" aria-labelledby="instalments-title" data-testid="instalments">
      <h2 id="instalments-title" className="instalments__title">
        {format(instalmentTexts.stillToPay, { amount: money(view.outstanding) })}
      </h2>
      {view.overdue ? (
        <p className="instalments__overdue" role="alert">
          {format(instalmentTexts.overdue, { date: formatOrderDate(view.overdue.dueDate), amount: money(view.due) })}
        </p>
      ) : view.next && (
        <p>
          {view.due > 0
            ? format(instalmentTexts.dueNow, { amount: money(view.due) })
            : format(instalmentTexts.nextDue, { amount: formatMoney(view.next.amount, currency, { zeroAsFree: false }), date: formatOrderDate(view.next.dueDate) })}
        </p>
      )}
      {view.plan.length > 1 && (
        <ul className="instalments__plan">
          {view.plan.map((p) => (
            <li key={p.id}>
              {formatOrderDate(p.dueDate)} · {formatMoney(p.amount, currency, { zeroAsFree: false })} · {statusTexts[p.status] ?? p.status}
            </li>
          ))}
        </ul>
      )}
      <Link className="button" to={instalmentPayPath(orderId)}>
        {instalmentTexts.payNow}
      </Link>
    </section>
  );
}
