import type { InputHTMLAttributes } from 'react';
import { PROMO_CODE_MAX } from './model.js';

/**
 * A code's text input (a promo code, a CityPASS voucher; docs/promotions.md): typed as it is
 * printed, so no autocomplete or spell check, at most a promo code's length. Its refusal, when
 * shown, is the element `describedBy` names.
 */
export function CodeInput({ invalid, describedBy, ...input }: { id: string; value: string; invalid: boolean; describedBy: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value'>) {
  return (
    <input
      type="text"
      autoComplete="off"
      spellCheck={false}
      maxLength={PROMO_CODE_MAX}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? describedBy : undefined}
      {...input}
    />
  );
}
