import { en } from '../../../../i18n/en.js';
import { PriceList } from '../flows/price-list.js';
import type { QuantitySelectionProps } from './quantity-selection-props.js';
import { SessionQuantities } from './session-quantities.js';

/**
 * Quantities and reserve (docs/events.md#flows, docs/events.md#field-rules): a − n + stepper per ticket type grouped by ticket group,
 * flexible amounts, attendee names and e-mails, survey questions, totals and the reserve button.
 */
export function QuantitySelection(props: QuantitySelectionProps) {
  const { session, groups, currency } = props;
  if (!session) {
    return (
      <div className="quantity-selection">
        <PriceList groups={groups} currency={currency} />
      </div>
    );
  }
  // docs/events.md#errors: a session with no ticket groups is unavailable ('sessionUnavailable'), not sold out.
  if (!groups.length) {
    return (
      <p className="notice notice--warning" role="status">
        {en.event.sessionUnavailable}
      </p>
    );
  }
  return <SessionQuantities key={session.id} {...props} session={session} />;
}
