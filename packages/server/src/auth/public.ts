// What other areas may use of auth/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { deleteOtherSessions } from './session.repository.js';
export { keepGuestCarts } from './keep-cart.repository.js';
