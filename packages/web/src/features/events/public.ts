// What the events feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { CalendarModal } from './detail/dates-sessions/calendar-modal.js';
export { Description, sanitizeHtml } from './detail/description/description.js';
export { PriceList } from './detail/flows/price-list.js';
export { typePrice } from './detail/price-format.js';
export { EMPTY_ATTENDEE, attendeeErrors } from './detail/quantities/attendees.js';
export type { AttendeeErrors, AttendeeValue } from './detail/quantities/attendees.js';
export { flexiblePriceError } from './detail/quantities/flexible-price.js';
export { quantityLimits, typeKey } from './detail/quantities/quantities.js';
export type { BenefitPool, Quantities } from './detail/quantities/quantities.js';
export { QuantityRow } from './detail/quantities/quantity-row.js';
export { focusFirstInvalid, selectionTotal } from './detail/quantities/reservation.js';
export { ReserveBar } from './detail/quantities/reserve-bar.js';
export { AttendeeFieldset } from './detail/quantities/ticket-forms.js';
export type { MapSeat, SeatNeed } from './seats/seat-picking.js';
