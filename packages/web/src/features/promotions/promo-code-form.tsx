import { useId, useState, type SubmitEvent } from 'react';
import { en } from '../../i18n/en.js';
import { canApply, promoErrorText } from './model.js';
import { CodeInput } from './code-input.js';

export interface PromoCodeFormProps {
  /** Applies the code; throws the API's refusal. */
  onApply: (code: string) => Promise<void>;
  /** After a code was applied (the field is cleared first). */
  onApplied?: (code: string) => void;
  label?: string;
  /** Text shown above the form (the code modal: the server's description). */
  intro?: string;
  /** The field a surrounding Modal focuses when it opens (its `[data-autofocus]`, ui/modal.tsx). */
  modalFocus?: boolean;
  /** Maps a refusal to its text; defaults to the promo-code texts of docs/promotions.md#applying-codes. */
  errorText?: (error: unknown, code: string) => string;
  /** docs/promotions.md#applying-codes: the code modal shows a refusal above the form; elsewhere it is at the field. */
  errorAbove?: boolean;
}

/**
 * A code field and its apply button (docs/promotions.md#applying-codes): trimmed, apply disabled under 2 characters, at most
 * 35; applying, then cleared on success; a refusal shown at the field (aria-live) and tied to it.
 */
export function PromoCodeForm({ onApply, onApplied, label = en.promo.code, intro, modalFocus, errorText = promoErrorText, errorAbove = false }: PromoCodeFormProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const text = code.trim();
    if (applying) return;
    if (!canApply(text)) { setError(en.promo.tooShort); return; }
    setApplying(true);
    setError(null);
    try {
      await onApply(text);
      setCode('');
      onApplied?.(text);
    } catch (e) {
      setError(errorText(e, text));
    } finally {
      setApplying(false);
    }
  };

  const refusal = (
    <span className={`field-error promo-form__error${errorAbove ? ' promo-form__error--above' : ''}`} id={`${id}-error`} role="alert" aria-live="assertive">
      {error ?? ''}
    </span>
  );
  return (
    <>
      {errorAbove && refusal}
      <form className="promo-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={applying}>
        {intro && <p className="promo-form__intro">{intro}</p>}
        <div className="field">
          <label htmlFor={`${id}-code`}>{label}</label>
          <div className="promo-form__row">
            <CodeInput
              id={`${id}-code`}
              name="promo_code"
              autoCapitalize="characters"
              value={code}
              data-autofocus={modalFocus ? true : undefined}
              required
              aria-required="true"
              invalid={!!error}
              describedBy={`${id}-error`}
              onChange={(e) => {
                setCode(e.target.value);
                if (error) setError(null);
              }}
            />
            <button type="submit" className="button" disabled={applying || !canApply(code)}>
              {applying ? en.promo.applying : en.promo.apply}
            </button>
          </div>
          {!errorAbove && refusal}
        </div>
      </form>
    </>
  );
}
