// What the wallet feature offers the other features (docs/architecture.md#web-features): re-exports only.
// Another feature imports these from here, never the files behind them (eslint/area-boundaries.js).
export { LazyWalletButtons } from './lazy-wallet-buttons.js';
