// My profile (docs/accounts.md#my-account): the form's answers from the user, the PUT my/user body, and the server's field problems as texts.
import { fieldApplies, PROFILE_FORM, PROFILE_KEYS, PROFILE_READ_ONLY, type IdentityAnswers, type IdentityFieldProblem, type ProfileKey } from '@foyer/contracts/rules';
import type { TUser } from '@foyer/contracts';
import { isApiError } from '../../api/client.js';
import { EMPTY_ANSWERS, problemText, type IdentityErrors } from '../checkout/public.js';

/** The e-mail and names (read-only; a placeholder address shows empty), then the contact details; no country yet starts where checkout does. */
export function profileAnswers(user: TUser): IdentityAnswers {
  const answers: IdentityAnswers = { first_name: user.first_name, last_name: user.last_name, email: user.needs_email ? '' : user.email };
  for (const key of PROFILE_KEYS) answers[key] = user[key] ?? '';
  if (!answers.country) answers.country = EMPTY_ANSWERS.country;
  return answers;
}

/** Each detail as PUT my/user takes it: trimmed, empty as null — and the state null when its field is disabled (docs/accounts.md#my-account). */
function profileValues(answers: IdentityAnswers): Record<ProfileKey, string | null> {
  const values = {} as Record<ProfileKey, string | null>;
  for (const f of PROFILE_FORM) values[f.key as ProfileKey] = fieldApplies(f, answers) ? String(answers[f.key] ?? '').trim() || null : null;
  return values;
}

/**
 * PUT my/user's body: the details changed since `start` (what the form opened with), so a detail
 * the user did not touch — the country the form pre-selects when none is stored, an old ZIP — is
 * neither saved nor checked. A new country sends its state too (nulled when it has none).
 */
export function profileBody(answers: IdentityAnswers, start: IdentityAnswers): Partial<Record<ProfileKey, string | null>> {
  const now = profileValues(answers);
  const before = profileValues(start);
  return Object.fromEntries(Object.entries(now).filter(([key, value]) => value !== before[key as ProfileKey]));
}

/** The server's refusal (400 validation_failed, `_extra.fields`) as each field's text, the same as the browser's own check would give. */
export function serverFieldErrors(error: unknown, answers: IdentityAnswers): IdentityErrors | null {
  const fields = isApiError(error) ? (error.extra as { fields?: Partial<Record<string, IdentityFieldProblem>> } | null)?.fields : null;
  if (!fields || typeof fields !== 'object') return null;
  const form = [...PROFILE_READ_ONLY, ...PROFILE_FORM];
  const errors: IdentityErrors = {};
  for (const f of form) {
    const problem = fields[f.key];
    if (problem) errors[f.key] = problemText(f, problem, form, answers);
  }
  return Object.keys(errors).length ? errors : null;
}
