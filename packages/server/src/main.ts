import Fastify from 'fastify';
import { buildApp } from './app.js';
import { bootDatabase } from './boot.js';
import { firstStaffHint } from './staff/first-staff-hint.js';
import { startSweeper } from './cart/release-expired-carts.js';
import { gatewaysFor } from './payments/gateways.js';
import { startCheckoutReconciler } from './payments/reconcile-checkouts.js';
import { startStaffRefundReconciler } from './admin/reconcile-staff-refunds.js';
import { startMoveLinkSettler } from './admin/settle-move-links.js';
import { stripeFromSettings } from './payments/stripe-client.js';
import { requestLogFields } from './auth/log-redaction.js';
import { startAccountSweeper } from './auth/sweep-accounts.js';
import { startGifteeMailer } from './membership/gifts/send-giftee-mails.js';
import { startInstalmentReminders } from './payments/instalments/remind-due-instalments.js';
import { startRenewalJob } from './membership/auto-renew/renew-due-memberships.js';
import { startMailWorker } from './mail/mail-worker.js';
import { startPassUpdater } from './wallet/deliver-pass-updates.js';
import { transportFor } from './mail/transport.js';
import { createMetrics, registerMetricsRoute } from './metrics/metrics.js';
import { readSettings, SettingsError } from './settings.js';
import { logDestination } from './logging/log-destination.js';
import { drainConnections } from './http/drain-connections.js';

/** A shutdown that takes longer than this (a hung request or send) ends the process anyway. */
const SHUTDOWN_LIMIT_MS = 25_000;
/** Connections still open this long after SIGTERM are cut (drain-connections.ts), within SHUTDOWN_LIMIT_MS. */
const DRAIN_LIMIT_MS = 15_000;

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
  // Logging never blocks the server, even when nobody reads stdout (docs/deploy.md "What Foyer survives").
  const destination = logDestination(1);
  const logger = { level: settings.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'], serializers: { req: requestLogFields }, stream: destination };
  let logConnectionLost = (error: Error) => console.warn(`[foyer] database connection lost: ${error.message}`);
  const handle = await bootDatabase(settings, (msg) => console.log(`[foyer] ${msg}`), undefined, (error) => logConnectionLost(error));
  const lifecycle = { draining: false };
  const metricsSettings = settings.operations.metrics;
  // Metrics on a port of their own: a second, private server (bind it to an internal address).
  const ownPort = metricsSettings?.port ? { ...metricsSettings, port: metricsSettings.port } : null;
  const metrics = ownPort ? createMetrics(handle.db, () => new Date()) : undefined;
  const stripe = stripeFromSettings(settings);
  const app = await buildApp({ db: handle.db, dialect: handle.dialect, settings, now: () => new Date(), stripe }, { logger, metrics, lifecycle });
  logConnectionLost = (error) => app.log.warn({ err: error }, 'database connection lost: the pool opens a new one');
  const metricsApp = ownPort && metrics ? Fastify({ logger: false }) : null;
  if (ownPort && metricsApp && metrics) registerMetricsRoute(metricsApp, metrics, ownPort.token);
  // Its releases reach the caches and the live hub once committed (cart/capacity-changes.ts).
  const stopSweeper = startSweeper(handle.db, handle.dialect, () => new Date(), (error) => app.log.error({ err: error }, 'hold sweeper failed'));
  const reconcile = { db: handle.db, dialect: handle.dialect, publicUrl: settings.publicUrl, gatewaysFor: (sellerId: string) => gatewaysFor(handle.db, sellerId, stripe) };
  const stopReconciler = startCheckoutReconciler(reconcile, () => new Date(), (error) => app.log.error({ err: error }, 'checkout reconciler failed'));
  const stopStaffRefunds = startStaffRefundReconciler(reconcile, () => new Date(), (error) => app.log.error({ err: error }, 'staff refund reconciler failed'));
  const stopMoveLinks = startMoveLinkSettler(reconcile, () => new Date(), (error) => app.log.error({ err: error }, 'move link settler failed'));
  const transport = transportFor(settings);
  if (transport.name === 'mailbox') app.log.warn('SMTP_URL is not set: e-mails stay in the outbox table (GET /api/dev/mailbox in development)');
  const stopMail = startMailWorker({
    db: handle.db,
    transport,
    now: () => new Date(),
    onError: (error) => app.log.error({ err: error }, 'mail worker failed'),
    // One line per outage, not per retry (docs/deploy.md "What Foyer survives").
    onOutage: (down) => (down ? app.log.error('mail server unreachable or refusing for now: e-mails wait in the outbox and are retried (foyer_mail_queue_depth)') : app.log.info('mail server reachable again: the outbox is being delivered')),
  });
  const stopGifteeMailer = startGifteeMailer({ db: handle.db, dialect: handle.dialect, publicUrl: settings.publicUrl }, () => new Date(), (error) => app.log.error({ err: error }, 'giftee mailer failed'));
  const stopInstalmentReminders = startInstalmentReminders({ ...reconcile, daysBefore: settings.instalmentReminderDays }, () => new Date(), (error) => app.log.error({ err: error }, 'instalment reminders failed'));
  const stopRenewals = startRenewalJob(reconcile, () => new Date(), (error) => app.log.error({ err: error }, 'membership renewal job failed'));
  // Installed wallet passes follow their tickets' changes (docs/wallet-passes.md "Updates"); nothing to do without a wallet.
  const stopPassUpdater = settings.wallet?.apple || settings.wallet?.google
    ? startPassUpdater({
        db: handle.db,
        wallet: settings.wallet,
        now: () => new Date(),
        onError: (error) => app.log.error({ err: error }, 'wallet pass updater failed'),
        onFailure: (f) => app.log.warn({ order_id: f.orderId, serial: f.serial, attempt: f.attempt, gave_up: f.gaveUp, err: f.error }, 'wallet pass update not delivered'),
      })
    : async () => {};
  const stopAccountSweeper = startAccountSweeper(handle.db, () => new Date(), (error) => app.log.error({ err: error }, 'account sweeper failed'));
  // SIGTERM (docker stop, systemd, a rolling deploy): readiness turns 503 so the load balancer
  // stops sending; the listener closes; requests in flight (and so the SQLite write batch they
  // wait on) finish; the jobs stop after their current pass (the mail worker after its current
  // send); then the pools close. A second signal is ignored; a hung shutdown ends at the limit.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      void destination.flush(500).then(() => process.exit(1));
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      const stopDraining = drainConnections(app.server, DRAIN_LIMIT_MS, () => app.log.warn(`connections still open ${DRAIN_LIMIT_MS / 1000} s into shutdown: closed`));
      await app.close();
      stopDraining();
      await metricsApp?.close();
      await Promise.all([stopSweeper(), stopReconciler(), stopStaffRefunds(), stopMoveLinks(), stopAccountSweeper(), stopGifteeMailer(), stopInstalmentReminders(), stopRenewals(), stopPassUpdater(), stopMail()]);
      await handle.close();
      // The last lines, if stdout is read; a reader that stopped reading does not hold the exit.
      await destination.flush(1000);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: settings.port, host: settings.host });
  if (ownPort && metricsApp) await metricsApp.listen({ port: ownPort.port, host: ownPort.host });
  console.log(`[foyer] storefront at http://localhost:${settings.port} (database: ${handle.dialect})`);
  const staffHint = await firstStaffHint(handle.db, settings.port);
  if (staffHint) console.log(`[foyer] ${staffHint}`);
}

main().catch((error: unknown) => {
  console.error('[foyer] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
