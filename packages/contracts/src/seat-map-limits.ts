/** Seat map constants (docs/seating.md#3-storefront): zoom 1x to 8x, in by 2x, out by 0.75x, pan 50 beyond the map, open after 50 ms. */
export const SEAT_ZOOM_MIN = 1;
export const SEAT_ZOOM_MAX = 8;
export const SEAT_ZOOM_IN = 2;
export const SEAT_ZOOM_OUT = 0.75;
export const SEAT_PAN_LIMIT = 50;
export const SEAT_MAP_OPEN_DELAY_MS = 50;
