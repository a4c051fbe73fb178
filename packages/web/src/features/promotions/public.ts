// What the promotions feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { AppliedCodes } from './applied-codes.js';
export { CheckoutPromoCodes } from './checkout-promo-codes.js';
export { CitypassField } from './citypass-field.js';
export { DiscountRows, WasPrice } from './discount-rows.js';
export { OrderDiscount } from './order-discount.js';
export { PromoLinkBanner } from './promo-link-banner.js';
export { PromoPanel } from './promo-panel.js';
export { reserveWithCodes } from './reserve-with-codes.js';
export { ResidentZip } from './resident-zip.js';
