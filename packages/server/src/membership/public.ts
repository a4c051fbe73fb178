// What other areas may use of membership/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { saveCard, savedMethodOf } from './auto-renew/saved-payment-method.repository.js';
export { releaseGiftHolds } from './gifts/gift.repository.js';
export { membershipById, membershipByScanCodeKey, membershipsOfOrders, membershipsOfUser } from './membership.repository.js';
