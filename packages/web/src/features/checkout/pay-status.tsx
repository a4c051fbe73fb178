// What a partly paid cart has paid so far and what is still outstanding (docs/checkout.md#flow).
import { en } from '../../i18n/en.js';

/** Both amounts already formatted. */
export function PayStatus({ paid, outstanding }: { paid: string; outstanding: string }) {
  return (
    <dl className="pay-status" data-testid="pay-status">
      <div>
        <dt>{en.checkout.paid}</dt>
        <dd>{paid}</dd>
      </div>
      <div>
        <dt>{en.checkout.outstanding}</dt>
        <dd>{outstanding}</dd>
      </div>
    </dl>
  );
}
