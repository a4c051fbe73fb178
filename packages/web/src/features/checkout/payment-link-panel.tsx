// The payment-link page's lead (docs/payments.md#partial-payments-and-payment-links): a staff-created cart, with the total still outstanding (already formatted).
import { en } from '../../i18n/en.js';

export function PaymentLinkPanel({ id, outstanding }: { id: string; outstanding: string }) {
  return (
    <section className="panel payment-link" data-testid="payment-link" aria-labelledby={`${id}-link`}>
      <h2 id={`${id}-link`} className="section-title">
        {en.checkout.paymentLinkTitle}
      </h2>
      <p className="payment-link__lead">{en.checkout.paymentLinkText}</p>
      <p>
        {en.checkout.totalOutstanding}: <strong data-testid="total-outstanding">{outstanding}</strong>
      </p>
    </section>
  );
}
