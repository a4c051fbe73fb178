// The configurable "your information" form in the browser (docs/checkout.md#your-information): which fields, their labels and error texts.
import { CONFIG } from '@foyer/contracts/constants';
import {
  ADDRESS_METHODS,
  checkIdentityForm,
  identityAnswersToKeep,
  identityForm,
  withAddressFields,
  type IdentityAnswers,
  type IdentityField,
  type IdentityFieldProblem,
} from '@foyer/contracts/rules';
import type { TConfigEntry } from '@foyer/contracts';
import { asBoolean, asString, configValue } from '../../config/config.js';
import { en, format } from '../../i18n/en.js';
import { regionLabel } from './regions.js';
import { answerText } from './answer-text.js';

export type IdentityErrors = Record<string, string | undefined>;

/** A new buyer starts in the United States (the country select's first choice). */
export const EMPTY_ANSWERS: IdentityAnswers = { country: 'us' };

/** The answers with `changes` over them; a new country clears its old state / province and a looked-up address, no longer valid answers (docs/checkout.md#your-information). */
export function answersWith(prev: IdentityAnswers, changes: IdentityAnswers): IdentityAnswers {
  const newCountry = 'country' in changes && prev.country !== changes.country;
  return { ...prev, ...changes, ...(newCountry ? { state: '', region: '', address_lookup_id: '' } : {}) };
}

type Meta = { meta?: Record<string, unknown> | null };

/**
 * The cart's form: the seller's web.identity_form, each event's identity_form, each group's
 * identity_form and extra_checkout_fields (the server builds the same list), plus the address when
 * the payment method needs it (docs/accounts.md#field-rules).
 */
export function checkoutIdentityForm(entries: readonly TConfigEntry[], events: readonly Meta[], groups: readonly Meta[], method: string): IdentityField[] {
  const form = identityForm(
    configValue(CONFIG.identityForm, entries),
    ...events.map((e) => e.meta?.identity_form),
    ...groups.flatMap((g) => [g.meta?.identity_form, g.meta?.extra_checkout_fields]),
  );
  return ADDRESS_METHODS.includes(method) ? withAddressFields(form) : form;
}

const STANDARD_LABELS: Partial<Record<string, () => string>> = {
  first_name: () => en.checkout.firstName,
  last_name: () => en.checkout.lastName,
  email: () => en.checkout.email,
  phone: () => en.checkout.phone.replace(/ \(optional\)$/, ''),
  address: () => en.checkout.address,
  address_more: () => en.identityForm.addressMore.replace(/ \(optional\)$/, ''),
  city: () => en.checkout.city,
  country: () => en.checkout.country,
  zip_code: () => en.checkout.zipNeeded,
};

/** The field's name: the seller's label, else the standard one ('Province' for Canada). */
export function fieldName(f: IdentityField, answers: IdentityAnswers): string {
  if (f.label) return f.label;
  if (f.type === 'state') return f.key === 'region' ? en.identityForm.region : regionLabel(answerText(answers, 'country'));
  return STANDARD_LABELS[f.key]?.() ?? f.key.replace(/[_.-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** The visible label: optional text fields say so (checkboxes and selects carry their own sense). */
export function fieldLabel(f: IdentityField, answers: IdentityAnswers): string {
  const name = fieldName(f, answers);
  const optional = !f.required && !f.disabled && !f.readOnly && ['text', 'email', 'tel', 'textarea', 'zip'].includes(f.type);
  return optional ? format(en.identityForm.optional, { label: name }) : name;
}

const STANDARD_REQUIRED: Partial<Record<string, () => string>> = {
  first_name: () => en.checkout.firstNameRequired,
  last_name: () => en.checkout.lastNameRequired,
  email: () => en.checkout.emailRequired,
  address: () => en.checkout.addressRequired,
  city: () => en.checkout.cityRequired,
  zip_code: () => en.checkout.zipRequired,
  country: () => en.checkout.countryRequired,
};

/** The text of a problem the shared rules found. */
export function problemText(f: IdentityField, problem: IdentityFieldProblem, form: readonly IdentityField[], answers: IdentityAnswers): string {
  const label = fieldName(f, answers);
  const standardRequired = STANDARD_REQUIRED[f.key];
  switch (problem.code) {
    case 'required':
      if (f.type === 'checkbox') return en.identityForm.checkboxRequired;
      if (f.type === 'state') return format(en.checkout.regionRequired, { region: label.toLowerCase() });
      if (standardRequired) return standardRequired();
      return format(f.type === 'select' || f.type === 'country' ? en.identityForm.choose : en.identityForm.required, { label: label.toLowerCase() });
    case 'too_long':
      if (f.type === 'zip') return en.checkout.zipLength;
      return f.key === 'first_name' || f.key === 'last_name' ? en.checkout.nameTooLong : format(en.identityForm.tooLong, { max: problem.limit });
    case 'too_short':
      return f.type === 'zip' ? en.checkout.zipLength : format(en.identityForm.tooShort, { min: problem.limit });
    case 'invalid':
      if (f.type === 'email') return en.checkout.emailInvalid;
      if (f.type === 'tel') return en.checkout.phoneInvalid;
      if (f.type === 'zip') return en.checkout.zipInvalid;
      return format(en.identityForm.invalid, { label: label.toLowerCase() });
    case 'not_option':
      return en.identityForm.notOption;
    case 'must_equal': {
      if (f.type === 'email') return en.identityForm.emailsMustMatch;
      const other = form.find((x) => x.key === problem.other);
      return format(en.identityForm.mustMatch, { label, other: other ? fieldName(other, answers) : problem.other });
    }
  }
}

/** Every field's error text, by key (docs/accounts.md#field-rules, the same rules the server runs). */
export function validateIdentityAnswers(form: readonly IdentityField[], answers: IdentityAnswers): IdentityErrors {
  const problems = checkIdentityForm(form, answers);
  const errors: IdentityErrors = {};
  for (const f of form) {
    const problem = problems[f.key] as IdentityFieldProblem | undefined;
    if (problem) errors[f.key] = problemText(f, problem, form, answers);
  }
  return errors;
}

/**
 * POST user's body: names and e-mail only. The other answers (address, phone, custom fields) go with
 * guest_checkout, whose server copies the checked ones onto the identity's meta (docs/accounts.md#members).
 */
export function registrationOf(form: readonly IdentityField[], answers: IdentityAnswers) {
  const kept = identityAnswersToKeep(form, answers);
  return { first_name: answerText(kept, 'first_name'), last_name: answerText(kept, 'last_name'), email: answerText(kept, 'email') };
}

/** docs/checkout.md#address-lookup: the lookup needs the server's key (web.address_lookup, set by the server) and web.address_mode autocomplete. */
export function addressLookupConfigured(entries: readonly TConfigEntry[]): boolean {
  return asBoolean(configValue(CONFIG.addressLookup, entries), false) && asString(configValue(CONFIG.addressMode, entries)) === 'autocomplete';
}
