import { describe, expect, it } from 'vitest';
import { attendeeEmailProblem, attendeeNameMissing, attendeeNeeds, isEmail } from '../src/rules/index.js';

describe('e-mail addresses (docs/events.md#attendees-and-surveys)', () => {
  it('need a local part, an @ and a domain with a dot; no spaces', () => {
    expect(isEmail('ada@example.org')).toBe(true);
    expect(isEmail('  ada@example.org ')).toBe(true);
    expect(isEmail('ada@localhost')).toBe(false);
    expect(isEmail('ada@')).toBe(false);
    expect(isEmail('@example.org')).toBe(false);
    expect(isEmail('a da@example.org')).toBe(false);
    expect(isEmail('')).toBe(false);
  });
});

describe('attendee details (docs/events.md#attendees-and-surveys)', () => {
  it('the rule asks: named yes → required, optional → asked, no → none; emailed → required', () => {
    expect(attendeeNeeds({ named: 'yes', emailed: 0 })).toEqual({ name: 'required', email: 'none' });
    expect(attendeeNeeds({ named: 'optional', emailed: 1 })).toEqual({ name: 'optional', email: 'required' });
    expect(attendeeNeeds({ named: 'no', emailed: false })).toEqual({ name: 'none', email: 'none' });
  });

  it('the group\'s or event\'s admit_names / admit_emails meta can ask more, never less', () => {
    expect(attendeeNeeds({ named: 'no', emailed: false }, { meta: { admit_names: 'required' } }).name).toBe('required');
    expect(attendeeNeeds({ named: 'no', emailed: false }, undefined, { meta: { admit_emails: 'optional' } }).email).toBe('optional');
    expect(attendeeNeeds({ named: 'yes', emailed: false }, { meta: { admit_names: 'optional' } }, { meta: null }).name).toBe('required');
  });

  it('a required name or e-mail must be given; a given e-mail must be an address', () => {
    expect(attendeeNameMissing('required', ' ')).toBe(true);
    expect(attendeeNameMissing('required', 'Ada')).toBe(false);
    expect(attendeeNameMissing('optional', null)).toBe(false);
    expect(attendeeEmailProblem('required', '')).toBe('required');
    expect(attendeeEmailProblem('optional', '')).toBeNull();
    expect(attendeeEmailProblem('none', 'not-an-address')).toBe('invalid');
    expect(attendeeEmailProblem('optional', 'ada@example')).toBe('invalid');
    expect(attendeeEmailProblem('required', 'ada@example.org')).toBeNull();
  });
});
