import { en } from '../../i18n/en.js';
import { regionLabel, type IdentityErrors, type IdentityValue } from './model.js';
import { COUNTRIES, regionsOf } from './regions.js';

/** The guest's "your information" fields (000 §5): names, e-mail, phone, country, state / province, ZIP, and the address when the payment method needs it. */
export function IdentityFields({
  id,
  value,
  errors,
  addressRequired,
  onChange,
}: {
  id: string;
  value: IdentityValue;
  errors: IdentityErrors;
  addressRequired: boolean;
  onChange: (name: keyof IdentityValue, value: string) => void;
}) {
  const regions = regionsOf(value.country);
  const regionId = `${id}-state`;
  return (
    <div className="identity-fields">
      <TextField id={`${id}-first`} label={en.checkout.firstName} value={value.first_name} error={errors.first_name} autoComplete="given-name" required onChange={(v) => onChange('first_name', v)} />
      <TextField id={`${id}-last`} label={en.checkout.lastName} value={value.last_name} error={errors.last_name} autoComplete="family-name" required onChange={(v) => onChange('last_name', v)} />
      <TextField id={`${id}-email`} label={en.checkout.email} type="email" value={value.email} error={errors.email} autoComplete="email" required onChange={(v) => onChange('email', v)} wide />
      <TextField id={`${id}-phone`} label={en.checkout.phone} type="tel" value={value.phone} error={errors.phone} autoComplete="tel" onChange={(v) => onChange('phone', v)} />
      {addressRequired && (
        <>
          <TextField id={`${id}-address`} label={en.checkout.address} value={value.address} error={errors.address} autoComplete="street-address" required onChange={(v) => onChange('address', v)} wide />
          <TextField id={`${id}-city`} label={en.checkout.city} value={value.city} error={errors.city} autoComplete="address-level2" required onChange={(v) => onChange('city', v)} />
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-country`}>{en.checkout.country}</label>
        <select
          id={`${id}-country`}
          value={value.country}
          autoComplete="country"
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${id}-country-error` : undefined}
          onChange={(e) => {
            onChange('country', e.target.value);
            onChange('state', '');
          }}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.country && <FieldError id={`${id}-country-error`} text={errors.country} />}
      </div>
      <div className="field">
        <label htmlFor={regionId}>{regionLabel(value.country)}</label>
        <select
          id={regionId}
          value={value.state}
          autoComplete="address-level1"
          disabled={!regions.length}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? `${regionId}-error` : undefined}
          onChange={(e) => onChange('state', e.target.value)}
        >
          <option value="">{regions.length ? en.checkout.regionChoose : en.checkout.regionNone}</option>
          {regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
        {errors.state && <FieldError id={`${regionId}-error`} text={errors.state} />}
      </div>
      <TextField id={`${id}-zip`} label={addressRequired ? en.checkout.zipNeeded : en.checkout.zip} value={value.zip_code} error={errors.zip_code} autoComplete="postal-code" required={addressRequired} onChange={(v) => onChange('zip_code', v)} />
    </div>
  );
}

function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <span className="field-error" id={id}>
      {text}
    </span>
  );
}

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  wide,
  required,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  wide?: boolean;
  required?: boolean;
  maxLength?: number;
}) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-required={required ? 'true' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <FieldError id={`${id}-error`} text={error} />}
    </div>
  );
}
