// One survey question of a ticket group (docs/events.md#field-rules): its control by field type, its label and error.
import { useId, type ReactNode } from 'react';
import { en, format } from '../../../../i18n/en.js';
import type { SurveyAnswer, SurveyField } from './survey.js';

export function SurveyQuestion({ field, value, error, onChange }: { field: SurveyField; value: SurveyAnswer | undefined; error?: string; onChange: (value: SurveyAnswer) => void }) {
  const id = useId();
  const describedBy = [field.description ? `${id}-desc` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label}
      {!field.required && field.control !== 'checkbox' && <span className="field-optional"> {en.quantities.optional}</span>}
    </>
  );
  const after: ReactNode = (
    <>
      {field.description && (
        <span className="field-hint" id={`${id}-desc`}>
          {field.description}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </>
  );
  const text = typeof value === 'string' ? value : '';

  if (field.control === 'checkbox') {
    return (
      <div className="field field--check">
        <label className="check">
          <input type="checkbox" checked={value === true} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.checked)} />
          <span>{field.label}</span>
        </label>
        {after}
      </div>
    );
  }
  if (field.control === 'radio' && field.options) {
    return (
      <fieldset className="field field--choices" aria-describedby={describedBy}>
        <legend>{label}</legend>
        <div className="choices">
          {field.options.map((option, i) => (
            <label key={option.label} className="check">
              <input
                type="radio"
                name={id}
                value={option.label}
                checked={text === option.label}
                required={field.required}
                aria-invalid={error && i === 0 ? true : undefined}
                onChange={() => onChange(option.label)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {after}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.control === 'select' && field.options ? (
        <select id={id} value={text} required={field.required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{format(en.quantities.selectPlaceholder, { label: inSentence(field.label) })}</option>
          {field.options.map((option) => (
            <option key={option.label} value={option.label}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.control === 'textarea' ? (
        <textarea id={id} value={text} required={field.required} maxLength={field.maxLength ?? undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input
          id={id}
          type={field.control === 'number' ? 'number' : field.control === 'email' ? 'email' : field.control === 'date' ? 'date' : 'text'}
          inputMode={field.control === 'number' ? (field.type === 'integer' ? 'numeric' : 'decimal') : undefined}
          value={text}
          required={field.required}
          maxLength={field.maxLength ?? undefined}
          min={field.minimum ?? undefined}
          max={field.maximum ?? undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {after}
    </div>
  );
}

/** A label inside the docs/checkout.md#your-information placeholder ('Select a {label}'): "Size" reads "size"; an acronym ("ZIP code") stays. */
function inSentence(label: string): string {
  return /^[A-Z](?![A-Z])/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}
