import { isLookupCountry, regionsOf, type IdentityAnswers, type IdentityField } from '@foyer/contracts/rules';
import type { TFoundAddress } from '@foyer/contracts';
import { en } from '../../../i18n/en.js';
import { answerText } from '../answer-text.js';

/** The local answer that marks an address picked from the suggestions (never sent: no form field has this key). */
export const PICKED = 'address_lookup_id';
const SUBFIELDS = ['address', 'address_more', 'city', 'state', 'region', 'zip_code'];

/** Whether the address field searches (docs/checkout.md#address-lookup): a lookup key on the server, autocomplete mode, a supported country, an address field. */
export function lookupActive(options: { available: boolean; manual: boolean; form: readonly IdentityField[]; answers: IdentityAnswers }): boolean {
  if (!options.available || options.manual) return false;
  if (!isLookupCountry(answerText(options.answers, 'country'))) return false;
  return options.form.some((f) => f.key === 'address' && !f.disabled);
}

/**
 * docs/checkout.md#address-lookup: in autocomplete mode the address is in error when no suggestion was picked — when the
 * address is required (any address subfield is), or something was typed without picking.
 */
export function lookupErrors(form: readonly IdentityField[], answers: IdentityAnswers): Record<string, string> {
  if (answers[PICKED]) return {};
  const required = form.some((f) => SUBFIELDS.includes(f.key) && f.required && !f.disabled);
  const typed = typeof answers.address === 'string' && answers.address.trim() !== '';
  return required || typed ? { address: en.identityForm.addressChoose } : {};
}

/** The picked address as answers; a state / province only when it is one of the country's. */
export function answersOf(found: TFoundAddress, country: string): IdentityAnswers {
  const state = found.state.toUpperCase();
  return {
    address: found.address,
    address_more: found.address_more,
    city: found.city,
    zip_code: found.zip_code,
    state: regionsOf(country).some((r) => r.code === state) ? state : '',
    [PICKED]: found.id,
  };
}
