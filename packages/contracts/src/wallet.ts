import { z } from 'zod';
import { ZListDocument } from './resources.js';
import { WALLET_PROVIDERS } from './wallet-providers.js';

export { WALLET_PROVIDERS, type WalletProvider } from './wallet-providers.js';

/** docs/wallet-passes.md#what-has-a-pass Wallet precheck: per provider (apple, google) whether its passes can be made (the operator configured it). */
export const ZWalletPrecheck = z.object({ provider: z.enum(WALLET_PROVIDERS), ok: z.boolean() });
export type TWalletPrecheck = z.infer<typeof ZWalletPrecheck>;

/** GET ticket_order/{id}/walletprecheck (docs/wallet-passes.md#calls). */
export const ZWalletPrecheckDocument = ZListDocument('wallet_precheck', ZWalletPrecheck);
export type TWalletPrecheckDocument = z.infer<typeof ZWalletPrecheckDocument>;

/**
 * Apple's pass web service (docs/wallet-passes.md "Updates"), in Apple's own shapes: a device
 * registering for a pass's updates sends its push token…
 */
export const ZAppleRegistrationBody = z.object({ pushToken: z.string().min(1).max(200) });
export type TAppleRegistrationBody = z.infer<typeof ZAppleRegistrationBody>;

/** …asks which of its passes changed since its last tag (`lastUpdated` is the next tag)… */
export const ZAppleUpdatedSerials = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
export type TAppleUpdatedSerials = z.infer<typeof ZAppleUpdatedSerials>;

/** …and reports its problems with the service. */
export const ZAppleLogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });
export type TAppleLogBody = z.infer<typeof ZAppleLogBody>;
