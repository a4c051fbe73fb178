import { buildApp } from './app.js';
import { bootDatabase } from './boot.js';
import { startSweeper } from './cart/release-expired-carts.js';
import { gatewaysFor } from './payments/gateways.js';
import { startCheckoutReconciler } from './payments/reconcile-checkouts.js';
import { stripeFromSettings } from './payments/stripe-client.js';
import { requestLogFields } from './auth/log-redaction.js';
import { startAccountSweeper } from './auth/sweep-accounts.js';
import { startMailWorker } from './mail/mail-worker.js';
import { transportFor } from './mail/transport.js';
import { readSettings, SettingsError } from './settings.js';

async function main() {
  let settings;
  try {
    settings = readSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = { level: settings.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'], serializers: { req: requestLogFields } };
  const handle = await bootDatabase(settings, (msg) => console.log(`[foyer] ${msg}`));
  const stripe = stripeFromSettings(settings);
  const app = await buildApp({ db: handle.db, dialect: handle.dialect, settings, now: () => new Date(), stripe }, { logger });
  const stopSweeper = startSweeper(handle.db, handle.dialect, () => new Date(), (error) => app.log.error({ err: error }, 'hold sweeper failed'));
  const reconcile = { db: handle.db, dialect: handle.dialect, publicUrl: settings.publicUrl, gatewaysFor: (sellerId: string) => gatewaysFor(handle.db, sellerId, stripe) };
  const stopReconciler = startCheckoutReconciler(reconcile, () => new Date(), (error) => app.log.error({ err: error }, 'checkout reconciler failed'));
  const transport = transportFor(settings);
  if (transport.name === 'mailbox') app.log.warn('SMTP_URL is not set: e-mails stay in the outbox table (GET /api/dev/mailbox in development)');
  const stopMail = startMailWorker({ db: handle.db, transport, now: () => new Date(), onError: (error) => app.log.error({ err: error }, 'mail worker failed') });
  const stopAccountSweeper = startAccountSweeper(handle.db, () => new Date(), (error) => app.log.error({ err: error }, 'account sweeper failed'));
  const shutdown = async () => {
    await Promise.all([stopSweeper(), stopReconciler(), stopAccountSweeper(), stopMail()]);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: settings.port, host: settings.host });
  console.log(`[foyer] storefront at http://localhost:${settings.port} (database: ${handle.dialect})`);
}

main().catch((error) => {
  console.error('[foyer] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
