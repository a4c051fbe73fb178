import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { scrollIntoView } from '../../lib/scroll-into-view.js';

/** A labelled input with its error tied to it (aria-describedby) — the account forms' one field. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  ref,
  ...input
}: { id: string; label: string; error?: string | null; hint?: ReactNode; children?: ReactNode; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
      {children}
    </div>
  );
}

/** Moves focus to the first invalid field of a form (docs/accounts.md#field-rules: forms focus the first invalid input). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  scrollIntoView(first, { block: 'center' });
  first.focus();
}

/** The end of an account form: what went wrong (announced), then its submit button and any others. */
export function FormFooter({ failure, busy, text, busyText, children }: { failure: string | null | undefined; busy: boolean; text: string; busyText: string; children?: ReactNode }) {
  return (
    <>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyText : text}
        </button>
        {children}
      </div>
    </>
  );
}
