import { describe, expect, it } from 'vitest';
import { cleanSurveyAnswers, hasText, initialAnswers, parseSurvey, SurveySpecError, surveyErrors } from '../src/features/events/detail/quantities/survey.js';

const spec = {
  type: 'object',
  title: 'About your young makers',
  properties: {
    children_ages: { type: 'string', title: 'Ages of the children attending', description: 'For example: 6 and 9', maxLength: 10 },
    first_visit: { type: 'string', title: 'Is this your first workshop?', enum: ['Yes', 'No'] },
    heard_from: { type: 'string', title: 'How did you hear about us?', enum: ['Friends', 'School', 'Social media', 'Other'] },
    group_size: { type: 'integer', title: 'How many in your group?', minimum: 1, maximum: 6 },
    rating: { type: 'number', title: ' , , ' },
    level: { type: 'number', title: 'Level', enum: [1, 2] },
    photo_consent: { type: 'boolean', title: 'We may photograph the workshop', default: false },
  },
  required: ['children_ages', 'first_visit'],
};

describe('survey questions (docs/events.md#attendees-and-surveys, docs/catalog.md#10-surveys-additional_info_spec)', () => {
  it('renders fewer than 4 options as radios, else a select; booleans as a checkbox; numbers as number fields', () => {
    const survey = parseSurvey(spec)!;
    const control = Object.fromEntries(survey.fields.map((f) => [f.key, f.control]));
    expect(control).toEqual({ children_ages: 'text', first_visit: 'radio', heard_from: 'select', group_size: 'number', rating: 'number', level: 'radio', photo_consent: 'checkbox' });
    expect(survey.title).toBe('About your young makers');
    expect(survey.fields.find((f) => f.key === 'first_visit')!.required).toBe(true);
    expect(survey.fields.find((f) => f.key === 'heard_from')!.required).toBe(false);
  });

  it('a label needs more than commas and whitespace (else the key is used)', () => {
    expect(hasText(' , ,\n')).toBe(false);
    expect(hasText('Age, please')).toBe(true);
    expect(parseSurvey(spec)!.fields.find((f) => f.key === 'rating')!.label).toBe('rating');
  });

  it('a question without a type is an error; no questions is no survey', () => {
    expect(() => parseSurvey({ properties: { q: { title: 'Q' } } })).toThrow(SurveySpecError);
    expect(parseSurvey(null)).toBeNull();
    expect(parseSurvey({ properties: {} })).toBeNull();
  });

  it('cleans answers: empty ones dropped, text trimmed, numbers converted, options and booleans kept', () => {
    const survey = parseSurvey(spec)!;
    const data = cleanSurveyAnswers(survey, {
      ...initialAnswers(survey),
      children_ages: '  6 and 9 ',
      first_visit: 'No',
      heard_from: '',
      group_size: ' 4 ',
      rating: '4.5',
      level: '2',
      photo_consent: true,
    });
    expect(data).toEqual({ children_ages: '6 and 9', first_visit: 'No', group_size: 4, rating: 4.5, level: 2, photo_consent: true });
    expect(cleanSurveyAnswers(survey, { children_ages: '   ', first_visit: 'Yes' })).toEqual({ first_visit: 'Yes' });
  });

  it('checks required answers, numbers, ranges and lengths', () => {
    const survey = parseSurvey(spec)!;
    expect(surveyErrors(survey, initialAnswers(survey))).toEqual({ children_ages: 'Please answer this question.', first_visit: 'Please answer this question.' });
    expect(surveyErrors(survey, { children_ages: '6', first_visit: 'Yes', group_size: 'lots' })).toEqual({ group_size: 'Enter a number.' });
    expect(surveyErrors(survey, { children_ages: '6', first_visit: 'Yes', group_size: '7' })).toEqual({ group_size: 'Enter at most 6.' });
    expect(surveyErrors(survey, { children_ages: '6', first_visit: 'Yes', group_size: '2.5' })).toEqual({ group_size: 'Enter a number.' });
    expect(surveyErrors(survey, { children_ages: '6, 9 and 11', first_visit: 'Yes' })).toEqual({ children_ages: 'Enter at most 10 characters.' });
    expect(surveyErrors(survey, { children_ages: '6', first_visit: 'Yes' })).toEqual({});
  });
});
