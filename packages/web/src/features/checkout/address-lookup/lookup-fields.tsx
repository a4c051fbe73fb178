import type { IdentityAnswers, IdentityField } from '@foyer/contracts/rules';
import { Fragment, useState } from 'react';
import { en } from '../../../i18n/en.js';
import { IdentityFieldControl } from '../identity-fields.js';
import { reportError } from '../../../lib/report-error.js';
import { AddressLookupField } from './address-lookup-field.js';
import { lookupActive, lookupErrors } from './model.js';

/**
 * The address lookup's part in the checkout form (docs/checkout.md#address-lookup): whether it is on for the answers so far,
 * its extra check, and the address field it draws. A failure switches to manual entry for good and
 * is reported (docs/checkout.md#address-lookup).
 */
export function useAddressLookup(input: { available: boolean; form: readonly IdentityField[]; answers: IdentityAnswers; onAnswers: (answers: IdentityAnswers) => void }) {
  const [manual, setManual] = useState(false);
  const [failed, setFailed] = useState(false);
  const active = lookupActive({ available: input.available, manual, form: input.form, answers: input.answers });
  const fail = (error: unknown) => {
    setManual(true);
    setFailed(true);
    reportError({ source: 'address_lookup', message: `address lookup failed: ${error instanceof Error ? error.message : String(error)}` });
  };
  return {
    active,
    errors: (answers: IdentityAnswers) => (active ? lookupErrors(input.form, answers) : {}),
    renderField: (id: string, errors: Record<string, string | undefined>) => (f: IdentityField) => {
      if (f.key !== 'address') return undefined;
      if (active) return <AddressLookupField key={f.key} id={`${id}-address`} field={f} answers={input.answers} error={errors.address} onAnswers={input.onAnswers} onManual={() => setManual(true)} onFail={fail} />;
      if (!failed) return undefined;
      // After a failed lookup: say why the address is typed now, above the plain field.
      return (
        <Fragment key={f.key}>
          <p className="notice notice--info field--wide" role="status">
            {en.identityForm.addressLookupFailed}
          </p>
          <IdentityFieldControl id={`${id}-address`} field={f} answers={input.answers} error={errors.address} onChange={(v) => input.onAnswers({ address: v })} />
        </Fragment>
      );
    },
  };
}
