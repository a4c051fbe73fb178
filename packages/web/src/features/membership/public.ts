// What the membership feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { clearAutoRenew, readAutoRenew } from './auto-renew/auto-renew-choice.js';
export { useBenefitPools } from './benefits.js';
export { giftCheckout } from './gift/api.js';
export { GifteeNotice } from './gift/giftee-notice.js';
export { clearGiftee, readGiftee } from './gift/giftee-storage.js';
export { MembershipFlow } from './membership-flow.js';
export { MembershipPromo } from './membership-promo.js';
export { OrderMemberships } from './order-memberships.js';
