import type { TEventTemplate, TTicketGroup, TTicketGroupRule } from '@foyer/contracts';
import { en } from '../../../i18n/en.js';

/**
 * Attendee details (000 §5, 001 §5): names are asked when the rule is named (yes = required,
 * optional = asked) or the group's / event's meta admit_names says required or optional; e-mails
 * when the rule is emailed or admit_emails says so. A name is a first and a last name, joined.
 */
export type FieldNeed = 'none' | 'optional' | 'required';

export interface AttendeeNeeds {
  name: FieldNeed;
  email: FieldNeed;
}

export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function metaNeed(value: unknown): FieldNeed {
  return value === 'required' ? 'required' : value === 'optional' ? 'optional' : 'none';
}

function strongest(...needs: FieldNeed[]): FieldNeed {
  if (needs.includes('required')) return 'required';
  if (needs.includes('optional')) return 'optional';
  return 'none';
}

export function attendeeNeeds(rule: Pick<TTicketGroupRule, 'named' | 'emailed'>, group: Pick<TTicketGroup, 'meta'>, event: Pick<TEventTemplate, 'meta'>): AttendeeNeeds {
  const ruleName: FieldNeed = rule.named === 'yes' ? 'required' : rule.named === 'optional' ? 'optional' : 'none';
  return {
    name: strongest(ruleName, metaNeed(group.meta?.admit_names), metaNeed(event.meta?.admit_names)),
    email: strongest(rule.emailed ? 'required' : 'none', metaNeed(group.meta?.admit_emails), metaNeed(event.meta?.admit_emails)),
  };
}

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
  const email = value.email.trim();
  if (needs.email === 'required' && !email) errors.email = en.quantities.emailRequired;
  else if (needs.email !== 'none' && email && !EMAIL.test(email)) errors.email = en.quantities.emailInvalid;
  return errors;
}

/** The admit_name sent: first and last joined; null when not asked or empty. */
export function fullName(value: AttendeeValue): string | null {
  const name = [value.firstName.trim(), value.lastName.trim()].filter(Boolean).join(' ');
  return name || null;
}
