import { isEmail } from './email.js';

/**
 * Attendee details (docs/events.md#attendees-and-surveys): a name when the rule is named (yes = required, optional =
 * asked) or the group's / event's meta admit_names says required or optional; an e-mail when the
 * rule is emailed or admit_emails says so.
 */
export type FieldNeed = 'none' | 'optional' | 'required';

export interface AttendeeNeeds {
  name: FieldNeed;
  email: FieldNeed;
}

type Meta = { meta?: Record<string, unknown> | null } | undefined;

function metaNeed(value: unknown): FieldNeed {
  return value === 'required' ? 'required' : value === 'optional' ? 'optional' : 'none';
}

function strongest(...needs: FieldNeed[]): FieldNeed {
  if (needs.includes('required')) return 'required';
  if (needs.includes('optional')) return 'optional';
  return 'none';
}

export function attendeeNeeds(rule: { named: string; emailed: boolean | number | null | undefined }, group?: Meta, event?: Meta): AttendeeNeeds {
  const ruleName: FieldNeed = rule.named === 'yes' ? 'required' : rule.named === 'optional' ? 'optional' : 'none';
  return {
    name: strongest(ruleName, metaNeed(group?.meta?.admit_names), metaNeed(event?.meta?.admit_names)),
    email: strongest(rule.emailed ? 'required' : 'none', metaNeed(group?.meta?.admit_emails), metaNeed(event?.meta?.admit_emails)),
  };
}

/** A required name left empty. */
export function attendeeNameMissing(need: FieldNeed, name: string | null | undefined): boolean {
  return need === 'required' && !name?.trim();
}

/** A required e-mail left empty, or one given that is not an address (whether asked or not). */
export function attendeeEmailProblem(need: FieldNeed, email: string | null | undefined): 'required' | 'invalid' | null {
  const text = email?.trim() ?? '';
  if (!text) return need === 'required' ? 'required' : null;
  return isEmail(text) ? null : 'invalid';
}
