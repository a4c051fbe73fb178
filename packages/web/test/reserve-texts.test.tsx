import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SurveyFields } from '../src/features/events/detail/quantities/ticket-forms.js';
import { QuantitySelection } from '../src/features/events/detail/quantities/quantity-selection.js';
import { parseSurvey } from '../src/features/events/detail/quantities/survey.js';
import { EVENT_ID, eventTemplate, session } from './fixtures.js';

// docs/events.md#attendees-and-surveys texts: the survey select's placeholder, and a session without ticket groups.
afterEach(cleanup);

describe('reserve texts', () => {
  it("a survey select's first choice reads 'Select a {label}'", () => {
    const survey = parseSurvey({ properties: { size: { type: 'string', title: 'T-shirt size', enum: ['S', 'M', 'L', 'XL'] }, zip: { type: 'string', title: 'ZIP code', enum: ['02139', '02140', '02141', '02142'] } } })!;
    render(<SurveyFields groupId="tg-1" survey={survey} answers={{}} errors={{}} onChange={() => {}} />);
    const size = screen.getByRole<HTMLSelectElement>('combobox', { name: /T-shirt size/ });
    expect(size.options[0].textContent).toBe('Select a t-shirt size');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /ZIP code/ }).options[0].textContent).toBe('Select a ZIP code');
    expect(screen.queryByText('Select an option')).toBeNull();
  });

  it('a session without ticket groups says the time is not available', () => {
    render(<QuantitySelection event={eventTemplate({ id: EVENT_ID, name: 'General Admission' })} session={session('s1', '2026-11-21', '10:00', 20)} groups={[]} currency="USD" />);
    expect(screen.getByRole('status').textContent).toBe('That time is not available. Please choose another time.');
  });
});
