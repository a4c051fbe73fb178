import type { IdentityAnswers, IdentityField } from '@foyer/contracts/rules';
import { useState } from 'react';
import { reportError } from '../../../lib/report-error.js';
import { AddressLookupField } from './address-lookup-field.js';
import { lookupActive, lookupErrors } from './model.js';

/**
 * The address lookup's part in the checkout form (000 §4): whether it is on for the answers so far,
 * its extra check, and the address field it draws. A failure switches to manual entry for good and
 * is reported (000 §8).
 */
export function useAddressLookup(input: { available: boolean; form: readonly IdentityField[]; answers: IdentityAnswers; onAnswers: (answers: IdentityAnswers) => void }) {
  const [manual, setManual] = useState(false);
  const active = lookupActive({ available: input.available, manual, form: input.form, answers: input.answers });
  const fail = (error: unknown) => {
    setManual(true);
    reportError({ source: 'address_lookup', message: `address lookup failed: ${error instanceof Error ? error.message : String(error)}` });
  };
  return {
    active,
    errors: (answers: IdentityAnswers) => (active ? lookupErrors(input.form, answers) : {}),
    renderField: (id: string, errors: Record<string, string | undefined>) => (f: IdentityField) =>
      active && f.key === 'address' ? (
        <AddressLookupField key={f.key} id={`${id}-address`} field={f} answers={input.answers} error={errors.address} onAnswers={input.onAnswers} onManual={() => setManual(true)} onFail={fail} />
      ) : undefined,
  };
}
