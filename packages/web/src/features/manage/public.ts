// What the manage feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { isFreeAndCancellable } from './cancellable.js';
export { manageKeyOf, manageKeyStore } from './manage-key.js';
export { PAY_FAILURE_STATE, manageReturnPath } from './manage-return.js';
export { managePath } from './self-edit/change-api.js';
