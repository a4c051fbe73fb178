/**
 * How a venue date and time read wherever both sides print them (docs/events.md#limits): the
 * storefront's dates, and the server's e-mails, wallet passes, door answers and refusals. dayjs
 * patterns, applied on the venue's clock.
 */
export const DATE_TIME_FORMAT = 'ddd, MMM D, YYYY [at] h:mm A';
export const DATE_FORMAT = 'ddd, MMM D, YYYY';
export const TIME_FORMAT = 'h:mm A';
