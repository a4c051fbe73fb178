import { useId, useState } from 'react';
import { en, format } from '../../../../i18n/en.js';
import type { AttendeeNeeds } from '@foyer/contracts/rules';
import { EMAIL_MAX_LENGTH, EMPTY_ATTENDEE, NAME_MAX_LENGTH, type AttendeeErrors, type AttendeeValue } from './attendees.js';
import type { PriceType } from '../../../../shared/events/model.js';
import { typeKey, type Quantities } from './quantities.js';
import type { Survey, SurveyAnswer } from './survey.js';
import { SurveyQuestion } from './survey-question.js';

/**
 * The per-group details of a reserve form (docs/events.md#attendees-and-surveys): attendee name and e-mail fields per ticket
 * (split first and last name) and the group's survey questions (fewer than 4 options a radio
 * group, else a select). Errors are tied to their fields; invalid fields carry aria-invalid so
 * the form can focus the first one.
 */

export function Attendees({
  group,
  types,
  quantities,
  needsByKey,
  values,
  errors,
  onChange,
}: {
  group: string;
  types: PriceType[];
  quantities: Quantities;
  needsByKey: Map<string, AttendeeNeeds>;
  values: Record<string, AttendeeValue[]>;
  errors: Record<string, AttendeeErrors[]>;
  onChange: (key: string, index: number, value: AttendeeValue) => void;
}) {
  const [namedChoice, setNamedChoice] = useState(0);
  const people: { key: string; index: number; typeName: string; needs: AttendeeNeeds }[] = [];
  for (const { type } of types) {
    const key = typeKey(group, type.id);
    const needs = needsByKey.get(key);
    if (!needs || (needs.name === 'none' && needs.email === 'none')) continue;
    for (let i = 0; i < (quantities[key] ?? 0); i++) people.push({ key, index: i, typeName: type.name, needs });
  }
  if (!people.length) return null;
  // Tickets whose only detail is an optional name are named on request (docs/events.md#field-rules): a yes/no for one, a count for several.
  const optional = people.filter((p) => isOnlyOptionalName(p.needs));
  const named = Math.min(namedChoice, optional.length);
  const shown = people.filter((p) => !isOnlyOptionalName(p.needs) || optional.indexOf(p) < named);
  const choose = (count: number) => {
    setNamedChoice(count);
    // The names of tickets no longer named are not sent.
    for (const p of optional.slice(count)) if ((values[p.key] ?? []).at(p.index)) onChange(p.key, p.index, EMPTY_ATTENDEE);
  };
  return (
    <div className="attendees">
      <h4 className="subsection-title">{en.quantities.attendeesTitle}</h4>
      {optional.length > 0 && <NamedCount total={optional.length} named={named} onChange={choose} />}
      {shown.length > 0 && <p className="muted">{en.quantities.attendeesIntro}</p>}
      {shown.map(({ key, index, typeName, needs }) => (
        <AttendeeFieldset
          key={`${key}-${index}`}
          legend={format(en.quantities.attendee, { type: typeName, n: index + 1 })}
          needs={needs}
          value={(values[key] ?? []).at(index) ?? EMPTY_ATTENDEE}
          errors={(errors[key] ?? []).at(index) ?? {}}
          onChange={(value) => onChange(key, index, value)}
        />
      ))}
    </div>
  );
}

/** A ticket that asks for nothing but an optional name. */
const isOnlyOptionalName = (needs: AttendeeNeeds) => needs.name === 'optional' && needs.email !== 'required';

/** How many of the optional-name tickets get a name: Yes/No for one ticket, else a count from 0. */
function NamedCount({ total, named, onChange }: { total: number; named: number; onChange: (count: number) => void }) {
  const id = useId();
  if (total === 1) {
    return (
      <fieldset className="field field--choices">
        <legend>{en.quantities.nameOneQuestion}</legend>
        <div className="choices">
          {[
            [1, en.quantities.nameYes],
            [0, en.quantities.nameNo],
          ].map(([count, label]) => (
            <label key={count} className="check">
              <input type="radio" name={id} checked={named === count} onChange={() => onChange(count as number)} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{en.quantities.nameHowMany}</label>
      <select id={id} value={String(named)} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {Array.from({ length: total + 1 }, (_, count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `locked`: the fields show a member's details read-only (prevent_membership_updates, docs/memberships.md). */
export function AttendeeFieldset({ legend, needs, value, errors, onChange, locked = false }: { legend: string; needs: AttendeeNeeds; value: AttendeeValue; errors: AttendeeErrors; onChange: (value: AttendeeValue) => void; locked?: boolean }) {
  const id = useId();
  const field = (name: keyof AttendeeValue, label: string, need: 'optional' | 'required', type: 'text' | 'email', autoComplete: string, maxLength: number) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        {need === 'optional' && <span className="field-optional"> {en.quantities.optional}</span>}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={need === 'required'}
        readOnly={locked}
        value={value[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => onChange({ ...value, [name]: e.currentTarget.value })}
      />
      {errors[name] && (
        <span className="field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  return (
    <fieldset className="attendee">
      <legend>{legend}</legend>
      <div className="attendee__fields">
        {needs.name !== 'none' && (
          <>
            {field('firstName', en.quantities.firstName, needs.name, 'text', 'off', NAME_MAX_LENGTH)}
            {field('lastName', en.quantities.lastName, needs.name, 'text', 'off', NAME_MAX_LENGTH)}
          </>
        )}
        {needs.email !== 'none' && field('email', en.quantities.email, needs.email, 'email', 'off', EMAIL_MAX_LENGTH)}
      </div>
    </fieldset>
  );
}

export function SurveyFields({
  groupId,
  survey,
  answers,
  errors,
  onChange,
}: {
  groupId: string;
  survey: Survey;
  answers: Record<string, SurveyAnswer>;
  errors: Record<string, string>;
  onChange: (field: string, value: SurveyAnswer) => void;
}) {
  return (
    <div className="survey" data-survey-group={groupId}>
      <h4 className="subsection-title">{survey.title ?? en.quantities.surveyTitle}</h4>
      {survey.fields.map((field) => (
        <SurveyQuestion key={field.key} field={field} value={answers[field.key]} error={errors[field.key]} onChange={(value) => onChange(field.key, value)} />
      ))}
    </div>
  );
}
