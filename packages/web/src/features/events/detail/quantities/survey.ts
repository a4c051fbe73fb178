import { checkSurveyAnswer, isEmptyAnswer, type SurveyProblem } from '@foyer/contracts/rules';
import { en, format } from '../../../../i18n/en.js';

/**
 * Survey questions of a ticket group (additional_info_spec, docs/catalog.md#10-surveys-additional_info_spec, docs/events.md#attendees-and-surveys):
 * required per the spec, numbers converted, empty answers dropped, a question without a type is
 * an error, a label must contain more than commas and whitespace; fewer than 4 options render as a
 * radio group, else a select. Booleans are a checkbox.
 */
export type SurveyControl = 'text' | 'textarea' | 'email' | 'date' | 'number' | 'radio' | 'select' | 'checkbox';
export type SurveyAnswer = string | boolean;

export interface SurveyField {
  key: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  label: string;
  description: string | null;
  control: SurveyControl;
  options: { value: unknown; label: string }[] | null;
  required: boolean;
  minLength: number | null;
  maxLength: number | null;
  minimum: number | null;
  maximum: number | null;
  initial: SurveyAnswer;
}

export interface Survey {
  title: string | null;
  fields: SurveyField[];
}

export const RADIO_MAX_OPTIONS = 3;
const TYPES = ['string', 'number', 'integer', 'boolean'] as const;

export class SurveySpecError extends Error {
  constructor(readonly field: string) {
    super(`Survey question "${field}" has no answer type.`);
    this.name = 'SurveySpecError';
  }
}

/** A label counts when it has more than commas and whitespace. */
export function hasText(value: unknown): value is string {
  return typeof value === 'string' && /[^,\s]/.test(value);
}

/** A value of the spec (an option, a default) as the form shows it; JSON Schema gives primitives here. */
function specText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The questions of a spec; null when there are none. Throws SurveySpecError for a question without a type. */
export function parseSurvey(spec: unknown): Survey | null {
  if (!spec || typeof spec !== 'object') return null;
  const raw = spec as { title?: unknown; properties?: unknown; required?: unknown };
  const properties = raw.properties && typeof raw.properties === 'object' ? (raw.properties as Record<string, unknown>) : {};
  const required = Array.isArray(raw.required) ? raw.required.filter((r): r is string => typeof r === 'string') : [];
  const fields: SurveyField[] = [];
  for (const [key, property] of Object.entries(properties)) {
    // A question that is not an object has no type: refused below.
    const field: Record<string, unknown> = property && typeof property === 'object' ? (property as Record<string, unknown>) : {};
    const type = field.type;
    if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type)) throw new SurveySpecError(key);
    const options = Array.isArray(field.enum) ? (field.enum as unknown[]).filter((v) => v !== null && v !== undefined).map((v) => ({ value: v, label: specText(v) })) : null;
    const control: SurveyControl =
      type === 'boolean'
        ? 'checkbox'
        : options
          ? options.length <= RADIO_MAX_OPTIONS
            ? 'radio'
            : 'select'
          : type === 'number' || type === 'integer'
            ? 'number'
            : field.format === 'email'
              ? 'email'
              : field.format === 'date'
                ? 'date'
                : field.format === 'textarea'
                  ? 'textarea'
                  : 'text';
    const initial: SurveyAnswer = type === 'boolean' ? field.default === true : field.default !== undefined && field.default !== null ? specText(field.default) : '';
    fields.push({
      key,
      type: type as SurveyField['type'],
      label: hasText(field.title) ? field.title.trim() : key,
      description: hasText(field.description) ? field.description.trim() : null,
      control,
      options,
      required: required.includes(key),
      minLength: num(field.minLength),
      maxLength: num(field.maxLength),
      minimum: num(field.minimum),
      maximum: num(field.maximum),
      initial,
    });
  }
  if (!fields.length) return null;
  return { title: hasText(raw.title) ? raw.title.trim() : null, fields };
}

export function initialAnswers(survey: Survey): Record<string, SurveyAnswer> {
  return Object.fromEntries(survey.fields.map((f) => [f.key, f.initial]));
}

/** The starting answers of every group's survey, by group id. */
export function initialAnswersByGroup(surveys: ReadonlyMap<string, Survey>): Record<string, Record<string, SurveyAnswer>> {
  return Object.fromEntries([...surveys].map(([groupId, survey]) => [groupId, initialAnswers(survey)]));
}

/** The text shown for a problem the shared survey rule reports. */
function problemText(problem: SurveyProblem): string {
  switch (problem.code) {
    case 'number':
      return en.quantities.surveyNumber;
    case 'min':
      return format(en.quantities.surveyMin, { min: problem.limit });
    case 'max':
      return format(en.quantities.surveyMax, { max: problem.limit });
    case 'too_short':
      return format(en.quantities.surveyTooShort, { min: problem.limit });
    case 'too_long':
      return format(en.quantities.surveyTooLong, { max: problem.limit });
    default:
      return en.quantities.surveyRequired;
  }
}

/** Field errors of the answers (the server's rule, contracts/src/rules/survey.ts); a required checkbox must be ticked. */
export function surveyErrors(survey: Survey, answers: Record<string, SurveyAnswer>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of survey.fields) {
    const answer = answers[field.key];
    if (field.type === 'boolean') {
      if (field.required && answer !== true) errors[field.key] = en.quantities.surveyRequired;
      continue;
    }
    const checked = checkSurveyAnswer(field, answer);
    if ('problem' in checked) errors[field.key] = problemText(checked.problem);
  }
  return errors;
}

/** The data sent: empty answers dropped, text trimmed, numbers converted, options as in the spec. */
export function cleanSurveyAnswers(survey: Survey, answers: Record<string, SurveyAnswer>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of survey.fields) {
    const answer = answers[field.key];
    if (field.type === 'boolean') {
      if (typeof answer === 'boolean') data[field.key] = answer;
      continue;
    }
    if (isEmptyAnswer(answer)) continue;
    const text = String(answer).trim();
    if (field.options) {
      const option = field.options.find((o) => o.label === text);
      data[field.key] = option ? option.value : text;
    } else if (field.type === 'number' || field.type === 'integer') {
      const n = Number(text);
      data[field.key] = Number.isFinite(n) ? n : text;
    } else {
      data[field.key] = text;
    }
  }
  return data;
}
