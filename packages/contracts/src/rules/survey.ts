/**
 * One survey answer against its question (additional_info_spec, docs/catalog.md#10-surveys-additional_info_spec, docs/events.md#attendees-and-surveys):
 * empty answers are dropped unless required, numbers converted and kept in range, text trimmed and
 * kept within its lengths (1000 when the spec gives none), choices from their list.
 */
export const SURVEY_TEXT_MAX = 1000;

export interface SurveyQuestion {
  type?: string;
  required: boolean;
  enum?: readonly unknown[] | null;
  minLength?: number | null;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
}

export type SurveyProblem =
  | { code: 'required' | 'no_type' | 'number' | 'not_boolean' | 'not_text' | 'not_option' }
  | { code: 'min' | 'max' | 'too_short' | 'too_long'; limit: number };

export type SurveyCheck = { empty: true } | { value: unknown } | { problem: SurveyProblem };

/** Nothing given: undefined, null, an empty list or text with only whitespace. */
export function isEmptyAnswer(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && !value.length);
}

const has = (n: number | null | undefined): n is number => typeof n === 'number';

export function checkSurveyAnswer(question: SurveyQuestion, raw: unknown): SurveyCheck {
  if (isEmptyAnswer(raw)) return question.required ? { problem: { code: 'required' } } : { empty: true };
  let value: unknown = raw;
  if (question.type === 'number' || question.type === 'integer') {
    const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
    if (!Number.isFinite(n) || (question.type === 'integer' && !Number.isInteger(n))) return { problem: { code: 'number' } };
    if (has(question.minimum) && n < question.minimum) return { problem: { code: 'min', limit: question.minimum } };
    if (has(question.maximum) && n > question.maximum) return { problem: { code: 'max', limit: question.maximum } };
    value = n;
  } else if (question.type === 'boolean') {
    if (typeof raw !== 'boolean') return { problem: { code: 'not_boolean' } };
  } else if (question.type) {
    // Any other declared type is answered as text.
    if (typeof raw !== 'string') return { problem: { code: 'not_text' } };
    const text = raw.trim();
    if (has(question.minLength) && text.length < question.minLength) return { problem: { code: 'too_short', limit: question.minLength } };
    const max = question.maxLength ?? SURVEY_TEXT_MAX;
    if (text.length > max) return { problem: { code: 'too_long', limit: max } };
    value = text;
  } else {
    return { problem: { code: 'no_type' } };
  }
  if (question.enum && !question.enum.includes(value)) return { problem: { code: 'not_option' } };
  return { value };
}
