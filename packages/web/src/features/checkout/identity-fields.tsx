import { fieldApplies, fieldOptions, type IdentityAnswers, type IdentityField } from '@foyer/contracts/rules';
import type { ReactNode } from 'react';
import { en } from '../../i18n/en.js';
import { fieldLabel, type IdentityErrors } from './identity-form-model.js';

/** Option lists with fewer than 4 choices are a radio group (docs/accounts.md#field-rules). */
const RADIO_BELOW = 4;

const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  address: 'address-line1',
  address_more: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  region: 'address-level1',
  zip_code: 'postal-code',
  country: 'country',
};
const WIDE = new Set(['email', 'address', 'address_more']);

/**
 * The guest's "your information" fields, as configured (docs/checkout.md#your-information): text, e-mail, phone, ZIP,
 * country and state selects, option lists and checkboxes; disabled and read-only fields as set.
 * `renderField` lets a field be drawn by someone else (the address lookup replaces the street).
 */
export function IdentityFields({
  id,
  form,
  value,
  errors,
  onChange,
  renderField,
}: {
  id: string;
  form: readonly IdentityField[];
  value: IdentityAnswers;
  errors: IdentityErrors;
  onChange: (key: string, value: string | boolean) => void;
  renderField?: (field: IdentityField) => ReactNode | undefined;
}) {
  return (
    <div className="identity-fields">
      {form.map((f) => renderField?.(f) ?? <IdentityFieldControl key={f.key} id={`${id}-${f.key}`} field={f} answers={value} error={errors[f.key]} onChange={(v) => onChange(f.key, v)} />)}
    </div>
  );
}

export function IdentityFieldControl({ id, field: f, answers, error, onChange }: { id: string; field: IdentityField; answers: IdentityAnswers; error?: string; onChange: (value: string | boolean) => void }) {
  const label = fieldLabel(f, answers);
  const raw = f.readOnly && f.value !== null ? f.value : answers[f.key];
  const text = typeof raw === 'string' ? raw : '';
  const errorId = `${id}-error`;
  const common = {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const after = error && <FieldError id={errorId} text={error} />;
  // A state / province select is greyed out where the country has none (docs/checkout.md#your-information).
  const disabled = f.disabled || !fieldApplies({ ...f, disabled: false }, answers);

  if (f.type === 'checkbox') {
    return (
      <div className="field field--wide field--check">
        <label className="check">
          <input type="checkbox" checked={raw === true} disabled={f.disabled} readOnly={f.readOnly} aria-required={f.required ? 'true' : undefined} {...common} onChange={(e) => !f.readOnly && onChange(e.currentTarget.checked)} />
          <span>{label}</span>
        </label>
        {after}
      </div>
    );
  }
  const options = fieldOptions(f, answers);
  if (options && f.type === 'select' && options.length < RADIO_BELOW) {
    return (
      <fieldset className="field field--wide field--choices" aria-describedby={error ? errorId : undefined} disabled={f.disabled}>
        <legend>{label}</legend>
        <div className="choices">
          {options.map((o, i) => (
            <label key={o.value} className="check">
              <input type="radio" name={id} value={o.value} checked={text === o.value} aria-invalid={error && i === 0 ? true : undefined} onChange={() => !f.readOnly && onChange(o.value)} />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
        {after}
      </fieldset>
    );
  }
  if (options) {
    const placeholder = f.type === 'state' ? (options.length ? en.checkout.regionChoose : en.checkout.regionNone) : f.type === 'country' ? null : en.checkout.regionChoose;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={text}
          disabled={disabled || f.readOnly}
          autoComplete={AUTOCOMPLETE[f.key] ?? 'off'}
          aria-required={f.required ? 'true' : undefined}
          {...common}
          onChange={(e) => onChange(e.target.value)}
        >
          {placeholder !== null && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {after}
      </div>
    );
  }
  const inputProps = {
    id,
    value: text,
    disabled: f.disabled,
    readOnly: f.readOnly,
    required: f.required,
    'aria-required': f.required ? ('true' as const) : undefined,
    autoComplete: AUTOCOMPLETE[f.key] ?? 'off',
    ...common,
  };
  return (
    <div className={`field${WIDE.has(f.key) || f.type === 'textarea' ? ' field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {f.type === 'textarea' ? (
        <textarea {...inputProps} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...inputProps} type={f.type === 'email' ? 'email' : f.type === 'tel' ? 'tel' : 'text'} onChange={(e) => onChange(e.target.value)} />
      )}
      {after}
    </div>
  );
}

export function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <span className="field-error" id={id}>
      {text}
    </span>
  );
}
