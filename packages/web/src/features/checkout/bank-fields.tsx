// Bacs Direct Debit: the UK bank account's sort code and account number (sent once to the server, never kept).
import { en } from '../../i18n/en.js';
import { NumericField } from './numeric-field.js';
import { formatSortCode, type BankErrors, type BankValue } from './redirect-methods.js';

export function BankFields({ id, value, errors, onChange }: { id: string; value: BankValue; errors: BankErrors; onChange: (value: BankValue, name: keyof BankValue) => void }) {
  const field = (name: keyof BankValue, label: string, placeholder: string, formatValue: (text: string) => string, maxLength: number) => (
    <NumericField id={`${id}-bank-${name}`} label={label} autoComplete="off" placeholder={placeholder} maxLength={maxLength} value={value[name]} error={errors[name]} onChange={(text) => onChange({ ...value, [name]: formatValue(text) }, name)} />
  );
  return (
    <div className="card-fields">
      {field('sortCode', en.payRedirect.sortCode, '10-88-00', formatSortCode, 8)}
      {field('accountNumber', en.payRedirect.accountNumber, '00012345', (t) => t.replace(/\D/g, '').slice(0, 8), 8)}
    </div>
  );
}
