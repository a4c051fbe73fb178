import { checkIdentityForm, fieldApplies, fieldOptions, parseIdentityFields, type IdentityAnswers, type IdentityField, type IdentityFieldProblem } from './identity-form.js';

/** docs/accounts.md#my-account My profile, docs/accounts.md#my-account Identity: the contact details a logged-in user changes themselves. */
export const PROFILE_KEYS = ['phone', 'address', 'address_more', 'city', 'country', 'state', 'zip_code'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type ProfileDetails = Record<ProfileKey, string | null>;

/** The checkout's own fields and rules (identity-form.ts), all optional: a value given must still be valid. */
export const PROFILE_FORM: readonly IdentityField[] = /* @__PURE__ */ parseIdentityFields(PROFILE_KEYS);

/** The e-mail and names, shown read-only on the profile (docs/accounts.md#my-account) with the checkout's labels and types. */
export const PROFILE_READ_ONLY: readonly IdentityField[] = /* @__PURE__ */ parseIdentityFields(['first_name', 'last_name', 'email'].map((key) => ({ key, readOnly: true })));

/**
 * The details to keep: the stored ones with `changes` over them (empty text clears a field), checked
 * with the checkout's rules — problems only for the fields changed. A state where the country has
 * none is null (docs/routes.md#route-table "state field nulled when disabled"), and so is a stored state that is not
 * one of the country's (the country changed, the state was not sent).
 */
export function profileDetails(stored: ProfileDetails, changes: Partial<Record<ProfileKey, string | null>>): { details: ProfileDetails; problems: Record<string, IdentityFieldProblem> } {
  const answers: IdentityAnswers = {};
  for (const key of PROFILE_KEYS) {
    const value = (key in changes ? changes[key] : stored[key])?.trim();
    if (value) answers[key] = value;
  }
  const state = PROFILE_FORM.find((f) => f.key === 'state');
  if (!state) throw new Error('PROFILE_FORM has no state field (PROFILE_KEYS lists one)');
  if (!('state' in changes) && answers.state && !fieldOptions(state, answers)?.some((o) => o.value === answers.state)) delete answers.state;
  const problems = Object.fromEntries(Object.entries(checkIdentityForm(PROFILE_FORM, answers)).filter(([key]) => key in changes));
  const details = Object.fromEntries(PROFILE_FORM.map((f) => [f.key, fieldApplies(f, answers) ? ((answers[f.key] as string | undefined) ?? null) : null])) as ProfileDetails;
  return { details, problems };
}
