// Why: the details step of the quantity-first flow: attendee and survey fields of each group with tickets.
import type { Dispatch, SetStateAction } from 'react';
import type { AttendeeNeeds } from '@foyer/contracts/rules';
import type { AttendeeValue } from '../quantities/attendees.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import type { Quantities } from '../quantities/quantities.js';
import { groupQuantity, type FormErrors } from '../quantities/reservation.js';
import type { Survey, SurveyAnswer } from '../quantities/survey.js';
import { GroupDetails } from '../quantities/group-details.js';

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
  const { quantities } = props;
  return props.groups.map(({ group, types }) => {
    const survey = props.surveys.get(group.id);
    if (groupQuantity(quantities, group.id) <= 0) return null;
    return (
      <div key={group.id} className="qty-group" data-ticket-group-id={group.id}>
        <GroupDetails
          groupId={group.id}
          types={types}
          quantities={quantities}
          needsByKey={props.needs}
          errors={props.errors}
          attendees={props.attendees}
          setAttendees={props.setAttendees}
          survey={survey}
          answers={props.answers}
          setAnswers={props.setAnswers}
        />
      </div>
    );
  });
}
