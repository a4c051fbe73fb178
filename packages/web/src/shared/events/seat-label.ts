import { en, format } from '../../i18n/en.js';

/**
 * Spoken and shown name of a seat: "Stalls, row A, seat 7". Its own module: the cart and order
 * pages (initial bundle) use it without pulling in the seat map's code.
 */
export function seatLabel(seat: { section: string; row: string; name: string }): string {
  return format(en.seats.seatName, { section: seat.section, row: seat.row, seat: seat.name });
}
