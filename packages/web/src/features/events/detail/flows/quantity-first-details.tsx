// Why: the details step of the quantity-first flow: attendee and survey fields of each group with tickets.
import type { Dispatch, SetStateAction } from 'react';
import type { AttendeeNeeds } from '@foyer/contracts/rules';
import type { AttendeeValue } from '../quantities/attendees.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import type { Quantities } from '../quantities/quantities.js';
import { groupQuantity, type FormErrors } from '../quantities/reservation.js';
import type { Survey, SurveyAnswer } from '../quantities/survey.js';
import { Attendees, SurveyFields } from '../quantities/ticket-forms.js';
import { withAnswer, withAttendee } from '../quantities/form-updates.js';

export function QuantityFirstDetails(props: {
  groups: EventDetail['groups'];
  quantities: Quantities;
  needs: Map<string, AttendeeNeeds>;
  surveys: ReadonlyMap<string, Survey>;
  errors: FormErrors;
  attendees: Record<string, AttendeeValue[]>;
  setAttendees: Dispatch<SetStateAction<Record<string, AttendeeValue[]>>>;
  answers: Record<string, Record<string, SurveyAnswer>>;
  setAnswers: Dispatch<SetStateAction<Record<string, Record<string, SurveyAnswer>>>>;
}) {
  const { quantities, errors, answers, setAnswers } = props;
  return props.groups.map(({ group, types }) => {
    const survey = props.surveys.get(group.id);
    if (groupQuantity(quantities, group.id) <= 0) return null;
    return (
      <div key={group.id} className="qty-group" data-ticket-group-id={group.id}>
        <Attendees
          group={group.id}
          types={types}
          quantities={quantities}
          needsByKey={props.needs}
          values={props.attendees}
          errors={errors.attendees}
          onChange={(key, index, value) => props.setAttendees(withAttendee(key, index, value))}
        />
        {survey && (
          <SurveyFields
            groupId={group.id}
            survey={survey}
            answers={answers[group.id] ?? {}}
            errors={errors.survey[group.id] ?? {}}
            onChange={(field, value) => setAnswers(withAnswer(group.id, field, value))}
          />
        )}
      </div>
    );
  });
}
