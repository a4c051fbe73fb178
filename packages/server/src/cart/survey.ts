import { checkSurveyAnswer, type SurveyProblem } from '@foyer/contracts/rules';
import { AppError } from '../http/app-error.js';

/**
 * Survey answers against a group's additional_info_spec (a small JSON-Schema subset, see
 * docs/catalog.md): each answer checked by the shared rule (contracts/src/rules/survey.ts);
 * answers to questions the spec does not ask are refused.
 */
interface FieldSpec {
  type?: string;
  title?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}
interface SurveySpec {
  properties?: Record<string, FieldSpec>;
  required?: string[];
}

function fail(field: string, message: string): never {
  throw new AppError(400, 'additional_info_validation_failed', message, 'additional_info', { field });
}

function message(label: string, problem: SurveyProblem): string {
  switch (problem.code) {
    case 'required':
      return `${label} is required.`;
    case 'no_type':
      return `${label} has no answer type.`;
    case 'number':
      return `${label} must be a number.`;
    case 'min':
      return `${label} must be at least ${problem.limit}.`;
    case 'max':
      return `${label} must be at most ${problem.limit}.`;
    case 'not_boolean':
      return `${label} must be yes or no.`;
    case 'not_text':
      return `${label} must be text.`;
    case 'too_short':
      return `${label} is too short.`;
    case 'too_long':
      return `${label} is too long.`;
    case 'not_option':
      return `${label}: choose one of the options.`;
  }
}

export function validateSurvey(spec: unknown, data: Record<string, unknown>): Record<string, unknown> {
  const s = (spec ?? {}) as SurveySpec;
  const fields = s.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (!(key in fields)) fail(key, `Unknown question "${key}".`);
  for (const [key, field] of Object.entries(fields)) {
    const checked = checkSurveyAnswer({ ...field, required: !!s.required?.includes(key) }, data[key]);
    if ('problem' in checked) fail(key, message(field.title ?? key, checked.problem));
    if ('value' in checked) out[key] = checked.value;
  }
  return out;
}

/**
 * docs/events.md#attendees-and-surveys: a group whose survey has required questions is not held without their answers. Each
 * group the change adds tickets to must have answers in the cart that pass its spec (answers are
 * kept only once valid, so a group without any fails on its first required question).
 */
export function checkRequiredAnswers(groups: { id: string; additional_info_spec: string | null }[], additions: { ticket_group_id: string }[], answers: { ticket_group_id: string; data: Record<string, unknown> }[]): void {
  for (const groupId of new Set(additions.map((a) => a.ticket_group_id))) {
    const spec = groups.find((g) => g.id === groupId)?.additional_info_spec;
    if (!spec) continue;
    const parsed = JSON.parse(spec) as SurveySpec;
    if (!parsed.required?.length) continue;
    validateSurvey(parsed, answers.find((a) => a.ticket_group_id === groupId)?.data ?? {});
  }
}
