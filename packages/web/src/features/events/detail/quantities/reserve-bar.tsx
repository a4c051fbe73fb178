import { fromMinor } from '@foyer/contracts/constants';
import { en, format } from '../../../../i18n/en.js';
import { priceText } from '../price-format.js';
import { SkipAddOnInReserveBar } from '../../upsell/skip-add-on.js';

/**
 * Totals and the reserve button: under the list on desktop, a sticky footer on phones (one
 * button either way). Enabled only when not submitting and at least one ticket is chosen.
 */
export function ReserveBar({
  count,
  price,
  fees,
  currency,
  canReserve,
  submitting,
  error,
  label = en.quantities.reserve,
  busyLabel = en.quantities.reserving,
}: {
  count: number;
  price: number;
  fees: number;
  currency: string;
  canReserve: boolean;
  submitting: boolean;
  error: string | null;
  label?: string;
  busyLabel?: string;
}) {
  const money = (minor: number) => priceText(fromMinor(minor), currency, { zeroAsFree: false });
  return (
    <div className="reserve-area">
      {error && (
        <p className="notice notice--error reserve-area__error" role="alert">
          {error}
        </p>
      )}
      <div className="reserve-bar" data-testid="reserve-bar">
        <div className="reserve-bar__total" aria-live="polite" aria-atomic="true">
          <span className="reserve-bar__label">{count === 1 ? en.quantities.ticketCountOne : format(en.quantities.ticketCount, { count })}</span>
          <span className="reserve-bar__amount">
            <span className="visually-hidden">{en.quantities.total} </span>
            {money(price + fees)}
          </span>
          {fees > 0 && (
            <span className="reserve-bar__fees">
              {en.quantities.fees} {money(fees)}
            </span>
          )}
        </div>
        <SkipAddOnInReserveBar count={count} />
        <button type="submit" className="button reserve-bar__button" disabled={!canReserve} aria-busy={submitting || undefined}>
          {submitting ? busyLabel : label}
        </button>
      </div>
    </div>
  );
}

