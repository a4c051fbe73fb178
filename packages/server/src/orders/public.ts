// What other areas may use of orders/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { ledgerTicketsOfOrder, orderById, orderForConfirmation, orderOfSeller, ticketLinesOfOrder } from './orders.repository.js';
export { restoreOrderTickets } from './self-edit/self-edit.repository.js';
