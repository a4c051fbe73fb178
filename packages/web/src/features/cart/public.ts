// What the cart feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { CartContents } from './cart-contents.js';
export { CartTimer } from './cart-timer.js';
export { CartFooter, CartSidebar } from './cart-widget.js';
export { DeleteCartOrCheckoutDialog } from './delete-cart-or-checkout-dialog.js';
