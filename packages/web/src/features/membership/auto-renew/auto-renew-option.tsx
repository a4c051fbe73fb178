import { AUTO_RENEW_TEXT } from '@foyer/contracts/constants';
import { useId } from 'react';

/** The membership form's auto-renew choice (docs/memberships.md#8-auto-renew), shown when the seller asks for it. */
export function AutoRenewOption({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field field--check auto-renew-option">
      <label className="check">
        <input type="checkbox" checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.currentTarget.checked)} />
        <span>{AUTO_RENEW_TEXT.offer}</span>
      </label>
      <span className="field-hint" id={`${id}-hint`}>
        {AUTO_RENEW_TEXT.offerHint}
      </span>
    </div>
  );
}
