// Why: a time's availability line, the same in the session picker and the single-event list.
import { en, format } from '../../../../i18n/en.js';
import type { SessionAvailability } from './session-tabs.js';

/** 'Sold out', 'n left' (marked low) or 'Available' (docs/events.md#field-rules). */
export function SessionStatus({ availability }: { availability: SessionAvailability }) {
  const text = availability.kind === 'sold_out' ? en.sessions.soldOut : availability.kind === 'low' ? format(en.sessions.remaining, { count: availability.remaining }) : en.sessions.available;
  return <span className={`time-button__status${availability.kind === 'low' ? ' time-button__status--low' : ''}`}>{text}</span>;
}
