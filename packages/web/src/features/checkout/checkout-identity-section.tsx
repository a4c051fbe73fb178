// The checkout form's "your information" section (docs/checkout.md#your-information): a guest's form, a member's
// note, and for a known buyer only the address a payment method needs.
import type { IdentityAnswers, IdentityField } from '@foyer/contracts/rules';
import { en } from '../../i18n/en.js';
import type { useAddressLookup } from './address-lookup/lookup-fields.js';
import { IdentityFields } from './identity-fields.js';
import type { IdentityErrors } from './identity-form-model.js';
import { ResidentZip } from '../promotions/public.js';

interface CheckoutIdentitySectionProps {
  id: string;
  member: boolean;
  knownPurchaser: boolean;
  knownAddress: IdentityField[] | null;
  form: IdentityField[];
  identity: IdentityAnswers;
  errors: IdentityErrors;
  lookup: ReturnType<typeof useAddressLookup>;
  onField: (name: string, value: string | boolean) => void;
}

export function CheckoutIdentitySection({ id, member, knownPurchaser, knownAddress, form, identity, errors, lookup, onField }: CheckoutIdentitySectionProps) {
  return (
    <section className="panel checkout-section" aria-labelledby={`${id}-info`}>
      <h2 id={`${id}-info`} className="section-title">
        {en.checkout.yourInformation}
      </h2>
      {knownPurchaser && knownAddress ? (
        <IdentityFields id={id} form={knownAddress} value={identity} errors={errors} onChange={onField} />
      ) : member ? (
        <>
          <p className="notice notice--info">{en.checkout.memberMessage}</p>
          {knownAddress && <IdentityFields id={id} form={knownAddress} value={identity} errors={errors} onChange={onField} />}
        </>
      ) : (
        <>
          <p className="muted checkout-section__hint">{en.checkout.yourInformationHint}</p>
          <ResidentZip zipInputId={`${id}-zip_code`}>
            <IdentityFields id={id} form={form} value={identity} errors={errors} onChange={onField} renderField={lookup.renderField(id, errors)} />
          </ResidentZip>
        </>
      )}
    </section>
  );
}
