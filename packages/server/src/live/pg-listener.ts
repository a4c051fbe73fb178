import pg from 'pg';

/** The channel the database triggers NOTIFY on (migration 0026_live_notify). */
export const LIVE_CHANNEL = 'foyer_live';
const RETRY_MS = [250, 1_000, 2_000, 5_000];

export interface ListenerEvents {
  /** A notice: the session whose availability changed. */
  notice(sessionId: string): void;
  /** Connected again after a loss: notices sent meanwhile are lost. */
  reconnected(): void;
  onError(error: unknown): void;
}

/**
 * One PostgreSQL connection per process, outside the pool, LISTENing on LIVE_CHANNEL. When it
 * drops it is opened again (backing off); once it is back, `reconnected` tells the process that
 * notices may have been missed (docs/live-availability.md). Resolves once listening (or retrying).
 */
export async function listenForChanges(url: string, events: ListenerEvents): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => message.channel === LIVE_CHANNEL && message.payload && events.notice(message.payload));
    next.on('error', (error) => events.onError(error));
    next.on('end', () => {
      if (client !== next || closed) return;
      client = null;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (again) events.reconnected();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error: unknown) => {
        events.onError(error);
        attempt++;
        schedule();
      });
    }, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    retry.unref();
  };

  // Not reachable at start: keep trying; once it answers, `reconnected` says to ask again.
  await connect(false).catch((error: unknown) => {
    events.onError(error);
    schedule();
  });
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
