import { connect, constants } from 'node:http2';
import type { AppleWalletSettings } from './wallet-settings.js';

const TIMEOUT_MS = 10_000;

export interface PushOutcome {
  /** APNs took it. */
  sent: string[];
  /** 410 (or 400 BadDeviceToken): the device no longer has the pass; its registration goes. */
  gone: string[];
  /** Anything else (no answer, 429, 5xx, another 4xx): retried later. */
  failed: { token: string; error: string }[];
}

/**
 * Tells the devices holding a pass that it changed (docs/wallet-passes.md "Updates"): one HTTP/2
 * POST per push token to APNs, topic = the pass type id, an empty JSON payload; the device then asks
 * the web service for the pass. Authenticated by the pass certificate and key as TLS client
 * certificate (the same certificate signs the passes). `apnsUrl` is a setting, so a local HTTP/2
 * server stands in in tests.
 */
export async function pushPassUpdate(apple: AppleWalletSettings, tokens: readonly string[]): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: [], gone: [], failed: [] };
  if (!tokens.length) return outcome;
  const session = connect(apple.apnsUrl, { cert: apple.signerCert, key: apple.signerKey, passphrase: apple.signerKeyPassphrase });
  session.setTimeout(TIMEOUT_MS, () => session.destroy(new Error('APNs did not answer in time')));
  const sessionError = new Promise<Error>((resolve) => session.once('error', resolve));
  try {
    await Promise.all(
      tokens.map(async (token) => {
        try {
          const { status, body } = await Promise.race([post(session, token, apple.passTypeIdentifier), sessionError.then((e) => Promise.reject(e))]);
          const reason = (() => {
            try {
              return (JSON.parse(body) as { reason?: string }).reason ?? '';
            } catch {
              return '';
            }
          })();
          if (status === 200) outcome.sent.push(token);
          else if (status === 410 || reason === 'BadDeviceToken' || reason === 'Unregistered') outcome.gone.push(token);
          else outcome.failed.push({ token, error: `APNs ${status}${reason ? ` ${reason}` : ''}` });
        } catch (error) {
          outcome.failed.push({ token, error: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  } finally {
    session.close();
  }
  return outcome;
}

function post(session: ReturnType<typeof connect>, token: string, topic: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = session.request({
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
      'apns-topic': topic,
      'content-type': 'application/json',
    });
    let status = 0;
    let body = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS])));
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve({ status, body }));
    request.on('error', reject);
    request.end('{}');
  });
}
