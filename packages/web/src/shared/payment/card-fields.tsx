// The demo gateway's own card number / expiry / CVC inputs (test mode only; Stripe has its element).
import { en } from '../../i18n/en.js';
import { NumericField } from './numeric-field.js';
import { digits, formatCardNumber, formatExpiry, type CardErrors, type CardValue } from './model.js';

export const EMPTY_CARD: CardValue = { number: '', expiry: '', cvc: '' };

export function CardFields({ id, value, errors, onChange }: { id: string; value: CardValue; errors: CardErrors; onChange: (value: CardValue, name: keyof CardValue) => void }) {
  const field = (name: keyof CardValue, label: string, autoComplete: string, placeholder: string, formatValue: (text: string) => string, maxLength: number) => (
    <NumericField id={`${id}-card-${name}`} className={`card-field--${name}`} label={label} autoComplete={autoComplete} placeholder={placeholder} maxLength={maxLength} value={value[name]} error={errors[name]} onChange={(text) => onChange({ ...value, [name]: formatValue(text) }, name)} />
  );
  return (
    <div className="card-fields">
      {field('number', en.checkout.cardNumber, 'cc-number', '1234 1234 1234 1234', formatCardNumber, 23)}
      {field('expiry', en.checkout.expiry, 'cc-exp', 'MM / YY', formatExpiry, 7)}
      {field('cvc', en.checkout.cvc, 'cc-csc', '123', (t) => digits(t).slice(0, 4), 4)}
    </div>
  );
}
