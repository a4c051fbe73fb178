import { describe, expect, it } from 'vitest';
import { checkSurveyAnswer, isEmptyAnswer, SURVEY_TEXT_MAX } from '../src/rules/index.js';

describe('a survey answer against its question (docs/events.md#attendees-and-surveys)', () => {
  it('empty answers are dropped unless required', () => {
    for (const empty of [undefined, null, '', '   ', []]) expect(isEmptyAnswer(empty)).toBe(true);
    expect(isEmptyAnswer(false)).toBe(false);
    expect(isEmptyAnswer(0)).toBe(false);
    expect(checkSurveyAnswer({ type: 'string', required: false }, '  ')).toEqual({ empty: true });
    expect(checkSurveyAnswer({ type: 'string', required: true }, '')).toEqual({ problem: { code: 'required' } });
  });

  it('a question without a type cannot be answered', () => {
    expect(checkSurveyAnswer({ required: false }, 'x')).toEqual({ problem: { code: 'no_type' } });
  });

  it('numbers are converted and kept in range; integers are whole', () => {
    const q = { type: 'number', required: false, minimum: 1, maximum: 10 };
    expect(checkSurveyAnswer(q, ' 4.5 ')).toEqual({ value: 4.5 });
    expect(checkSurveyAnswer(q, 7)).toEqual({ value: 7 });
    expect(checkSurveyAnswer(q, 'lots')).toEqual({ problem: { code: 'number' } });
    expect(checkSurveyAnswer(q, '0')).toEqual({ problem: { code: 'min', limit: 1 } });
    expect(checkSurveyAnswer(q, '11')).toEqual({ problem: { code: 'max', limit: 10 } });
    expect(checkSurveyAnswer({ type: 'integer', required: false }, '2.5')).toEqual({ problem: { code: 'number' } });
  });

  it('text is trimmed and kept within its lengths, 1000 by default', () => {
    expect(checkSurveyAnswer({ type: 'string', required: false, minLength: 3 }, ' ab ')).toEqual({ problem: { code: 'too_short', limit: 3 } });
    expect(checkSurveyAnswer({ type: 'string', required: false, maxLength: 3 }, 'abcd')).toEqual({ problem: { code: 'too_long', limit: 3 } });
    expect(checkSurveyAnswer({ type: 'string', required: false }, 'x'.repeat(SURVEY_TEXT_MAX + 1))).toEqual({ problem: { code: 'too_long', limit: 1000 } });
    expect(checkSurveyAnswer({ type: 'string', required: false }, ' hi ')).toEqual({ value: 'hi' });
    expect(checkSurveyAnswer({ type: 'string', required: false }, 5)).toEqual({ problem: { code: 'not_text' } });
  });

  it('booleans must be yes or no; choices come from their list', () => {
    expect(checkSurveyAnswer({ type: 'boolean', required: true }, false)).toEqual({ value: false });
    expect(checkSurveyAnswer({ type: 'boolean', required: false }, 'yes')).toEqual({ problem: { code: 'not_boolean' } });
    expect(checkSurveyAnswer({ type: 'string', required: false, enum: ['a', 'b'] }, 'c')).toEqual({ problem: { code: 'not_option' } });
    expect(checkSurveyAnswer({ type: 'integer', required: false, enum: [1, 2] }, '2')).toEqual({ value: 2 });
  });
});
