import { z } from 'zod';
import { ZResourceList } from './resources.js';
import { WALLET_PROVIDERS } from './wallet-providers.js';

export { WALLET_PROVIDERS, type WalletProvider } from './wallet-providers.js';

/** docs/wallet-passes.md#what-has-a-pass Wallet precheck: per provider (apple, google) whether its passes can be made (the operator configured it). */
export const ZWalletPrecheck = z.object({ provider: z.enum(WALLET_PROVIDERS), ok: z.boolean() });
export type TWalletPrecheck = z.infer<typeof ZWalletPrecheck>;

/** GET ticket_order/{id}/walletprecheck (docs/wallet-passes.md#calls). */
export const ZWalletPrecheckDocument = z.object({ wallet_precheck: ZResourceList(ZWalletPrecheck), _total: z.number().int() });
export type TWalletPrecheckDocument = z.infer<typeof ZWalletPrecheckDocument>;
