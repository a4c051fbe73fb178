/** Wallets a pass can be added to (docs/wallet-passes.md#what-has-a-pass Wallet precheck). Zod-free: the web reads it. */
export const WALLET_PROVIDERS = ['apple', 'google'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];
