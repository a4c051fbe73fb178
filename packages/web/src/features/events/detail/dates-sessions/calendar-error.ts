// Why: the quantity-first calendar refusal text, kept pure so it can be tested without rendering.
import { isApiError } from '../../../../api/client.js';
import { en } from '../../../../i18n/en.js';

/** docs/events.md#errors: the calendar refuses more than 10 ticket types with validation_failed in context event_calendar. */
export function calendarErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'validation_failed' && error.context === 'event_calendar') return en.flows.tooManyTypes;
  return en.flows.calendarFailed;
}
