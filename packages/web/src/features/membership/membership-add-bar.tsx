import type { EventDetail } from '../../shared/events/model.js';
import { ReserveBar, selectionTotal } from '../events/public.js';

/** The price of one membership ticket (a level, new or renewed) and the button that adds it. */
export function MembershipAddBar({ detail, typeKey, currency, submitting, error, label, busyLabel }: { detail: EventDetail; typeKey: string; currency: string; submitting: boolean; error: string | null; label: string; busyLabel: string }) {
  const total = selectionTotal(detail.groups, { [typeKey]: 1 }, {});
  return <ReserveBar count={1} price={total.price} fees={total.fees} currency={currency} canReserve={!submitting} submitting={submitting} error={error} label={label} busyLabel={busyLabel} />;
}
