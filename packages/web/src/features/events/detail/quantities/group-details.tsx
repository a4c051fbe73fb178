import type { ComponentProps, Dispatch, SetStateAction } from 'react';
import type { AttendeeNeeds } from '@foyer/contracts/rules';
import type { AttendeeValue } from './attendees.js';
import type { Quantities } from './quantities.js';
import type { FormErrors } from './reservation.js';
import type { Survey, SurveyAnswer } from './survey.js';
import { Attendees, SurveyFields } from './ticket-forms.js';
import { withAnswer, withAttendee } from './form-updates.js';

/**
 * What a reserve form asks of a group beside its quantities (docs/events.md#field-rules): the attendees of its
 * tickets and, when given, its survey. Shared by a session's quantities, quantity-first's details and add-one.
 */
export function GroupDetails(props: {
  groupId: string;
  types: ComponentProps<typeof Attendees>['types'];
  quantities: Quantities;
  needsByKey: Map<string, AttendeeNeeds>;
  errors: FormErrors;
  attendees: Record<string, AttendeeValue[]>;
  setAttendees: Dispatch<SetStateAction<Record<string, AttendeeValue[]>>>;
  /** The group's survey, when it is to be answered now. */
  survey: Survey | undefined;
  answers: Record<string, Record<string, SurveyAnswer>>;
  setAnswers: Dispatch<SetStateAction<Record<string, Record<string, SurveyAnswer>>>>;
}) {
  const { groupId, errors, survey, setAttendees, setAnswers } = props;
  return (
    <>
      <Attendees
        group={groupId}
        types={props.types}
        quantities={props.quantities}
        needsByKey={props.needsByKey}
        values={props.attendees}
        errors={errors.attendees}
        onChange={(key, index, value) => setAttendees(withAttendee(key, index, value))}
      />
      {survey && (
        <SurveyFields
          groupId={groupId}
          survey={survey}
          answers={props.answers[groupId] ?? {}}
          errors={errors.survey[groupId] ?? {}}
          onChange={(field, value) => setAnswers(withAnswer(groupId, field, value))}
        />
      )}
    </>
  );
}
