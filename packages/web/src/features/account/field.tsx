import type { ComponentProps, InputHTMLAttributes, ReactNode, Ref, RefObject } from 'react';
import { PASSWORD_MAX } from '@foyer/contracts/constants';
import { scrollIntoView } from '../../lib/optional-dom.js';

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

type FieldProps = ComponentProps<typeof Field>;

/** A required e-mail field, typed and autocompleted as one; how long it may be depends on the form (login or account). */
export function EmailField(props: Omit<FieldProps, 'type' | 'required'> & { maxLength: number }) {
  return <Field type="email" autoComplete="email" required aria-required="true" {...props} />;
}

/** A required password field (docs/accounts.md#field-rules); `autoComplete` tells the browser whether it is the current or a new password. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'required' | 'maxLength'> & { autoComplete: 'current-password' | 'new-password' }) {
  return <Field type="password" maxLength={PASSWORD_MAX} required aria-required="true" {...props} />;
}

/** Moves focus to the first invalid field of a form (docs/accounts.md#field-rules: forms focus the first invalid input). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  scrollIntoView(first, { block: 'center' });
  first.focus();
}

/**
 * Shows a form's errors as found on submit; with any, the first invalid field takes the focus once they render
 * (docs/accounts.md#field-rules). True when there are none, so the form goes on.
 */
export function showFieldErrors<T extends Record<string, string | null | undefined>>(found: T, setErrors: (errors: T) => void, form: RefObject<HTMLFormElement | null>): boolean {
  setErrors(found);
  if (!Object.values(found).some(Boolean)) return true;
  setTimeout(() => focusFirstInvalid(form.current), 0);
  return false;
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
