import { ADMIT_NAME_PART_MAX } from '@foyer/contracts/constants';
import { attendeeEmailProblem, type AttendeeNeeds } from '@foyer/contracts/rules';
import { en } from '../../../../i18n/en.js';

/**
 * Attendee fields of the reserve forms (docs/events.md#attendees-and-surveys). Which details are asked, and the e-mail
 * check, are the shared rules (contracts/src/rules/attendees.ts); a name here is a first and a
 * last name, joined.
 */
export const NAME_MAX_LENGTH = ADMIT_NAME_PART_MAX;
export const EMAIL_MAX_LENGTH = 254;

export interface AttendeeValue {
  firstName: string;
  lastName: string;
  email: string;
}

export const EMPTY_ATTENDEE: AttendeeValue = { firstName: '', lastName: '', email: '' };

export type AttendeeErrors = Partial<Record<keyof AttendeeValue, string>>;

/** Field errors of one attendee. A name given in part needs both parts. */
export function attendeeErrors(value: AttendeeValue, needs: AttendeeNeeds): AttendeeErrors {
  const errors: AttendeeErrors = {};
  const first = value.firstName.trim();
  const last = value.lastName.trim();
  if (needs.name !== 'none' && (needs.name === 'required' || first || last)) {
    if (!first) errors.firstName = en.quantities.firstNameRequired;
    if (!last) errors.lastName = en.quantities.lastNameRequired;
  }
  const email = needs.email === 'none' ? null : attendeeEmailProblem(needs.email, value.email);
  if (email === 'required') errors.email = en.quantities.emailRequired;
  else if (email === 'invalid') errors.email = en.quantities.emailInvalid;
  return errors;
}

/** The admit_name sent: first and last joined; null when not asked or empty. */
export function fullName(value: AttendeeValue): string | null {
  const name = [value.firstName.trim(), value.lastName.trim()].filter(Boolean).join(' ');
  return name || null;
}
