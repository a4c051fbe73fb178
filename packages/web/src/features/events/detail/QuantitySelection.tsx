import type { TEventSession } from '@foyer/contracts';
import type { PriceGroup } from './model.js';
import { PriceList } from './PriceList.js';

export interface QuantitySelectionProps {
  eventId: string;
  /** The chosen session; null until one is picked. */
  session: TEventSession | null;
  groups: PriceGroup[];
  currency: string;
}

/**
 * COMPONENT BOUNDARY — quantity selection and reserve.
 * Today: the read-only ticket groups and prices. The quantities issue replaces the body with one
 * row per ticket type (− n + stepper, min/max hints, totals) and the reserve button; it receives
 * the event, the chosen session and the groups through these props.
 */
export function QuantitySelection({ session, groups, currency }: QuantitySelectionProps) {
  return (
    <div className="quantity-selection" data-session-id={session?.id}>
      <PriceList groups={groups} currency={currency} />
    </div>
  );
}
