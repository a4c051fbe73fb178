import { describe, expect, it } from 'vitest';
import { attendeeNeeds } from '@foyer/contracts/rules';
import { attendeeErrors, EMPTY_ATTENDEE, fullName } from '../src/features/events/detail/quantities/attendees.js';

/** Attendee fields per rule (docs/events.md#attendees-and-surveys): named yes/no/optional, emailed, meta admit_names/admit_emails; split names. */
describe('attendee fields', () => {
  const none = { meta: {} };
  it('named yes requires a name, optional asks for one, no asks nothing; emailed requires an e-mail', () => {
    expect(attendeeNeeds({ named: 'yes', emailed: false }, none, none)).toEqual({ name: 'required', email: 'none' });
    expect(attendeeNeeds({ named: 'optional', emailed: true }, none, none)).toEqual({ name: 'optional', email: 'required' });
    expect(attendeeNeeds({ named: 'no', emailed: false }, none, none)).toEqual({ name: 'none', email: 'none' });
  });

  it('the group\'s or event\'s admit_names / admit_emails meta can ask more, never less', () => {
    expect(attendeeNeeds({ named: 'no', emailed: false }, { meta: { admit_names: 'required' } }, none).name).toBe('required');
    expect(attendeeNeeds({ named: 'no', emailed: false }, none, { meta: { admit_emails: 'optional' } }).email).toBe('optional');
    expect(attendeeNeeds({ named: 'yes', emailed: false }, { meta: { admit_names: 'optional' } }, none).name).toBe('required');
  });

  it('a required name needs both parts; an optional one only once started; e-mails are checked when given', () => {
    const required = { name: 'required', email: 'required' } as const;
    expect(attendeeErrors(EMPTY_ATTENDEE, required)).toEqual({ firstName: 'Enter a first name.', lastName: 'Enter a last name.', email: 'Enter an e-mail address.' });
    const optional = { name: 'optional', email: 'optional' } as const;
    expect(attendeeErrors(EMPTY_ATTENDEE, optional)).toEqual({});
    expect(attendeeErrors({ firstName: 'Ada', lastName: ' ', email: 'ada@' }, optional)).toEqual({ lastName: 'Enter a last name.', email: 'Enter a valid e-mail address.' });
    expect(attendeeErrors({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }, required)).toEqual({});
  });

  it('the full name is first and last joined (trimmed); empty is no name', () => {
    expect(fullName({ firstName: ' Ada ', lastName: 'Lovelace ', email: '' })).toBe('Ada Lovelace');
    expect(fullName(EMPTY_ATTENDEE)).toBeNull();
  });
});
