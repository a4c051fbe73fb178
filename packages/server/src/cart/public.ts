// What other areas may use of cart/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { cancelledTicketsWithGroupLimits, cartById, claimCartForCheckout, heldTicketsOfCart, reholdCancelledTickets, releaseCheckout, stuckCheckoutCarts, updateCartRow } from './cart.repository.js';
export { groupsWithRules, reservableTypes } from './catalog-lookup.repository.js';
