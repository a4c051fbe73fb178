import { DEMO_CARDS } from '@foyer/contracts';
import { openDatabase } from '../packages/server/src/db/database.js';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a probe's raw answer, malformed ones included; the fault tests read it loosely (?.) and assert on what they read
  body: any;
  retryAfter: string | null;
}

/** A buyer over real HTTP: keeps its identity cookie; every call ends within `timeoutMs` or counts as a hang (status 0). */
export class Shopper {
  cookie: string | null = null;
  constructor(
    readonly base: string,
    readonly timeoutMs = 20_000,
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    try {
      const res = await fetch(this.base + path, {
        method,
        headers: { app: 'ecomm', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const set = res.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0];
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
    } catch (error) {
      const name = (error as Error).name;
      return { status: name === 'TimeoutError' ? 0 : -1, body: (error as Error).message, retryAfter: null };
    }
  }

  /** One purchase: reserve, then pay by the demo card. Returns each answer in order; stops at the first that is not 200. */
  async buy(add: unknown[]): Promise<Answer[]> {
    const cart = await this.call('POST', '/api/my/cart/modify', { add });
    if (cart.status !== 200) return [cart];
    const { id, cart_fees } = cart.body.cart._data[0];
    const paid = await this.call('POST', `/api/cart/${id}/pay`, { amount: cart_fees.total_outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    return [cart, paid];
  }
}

/** The hot event's next session and its adult ticket type, read from the seeded database; `capacity` enlarges the session (load tests). */
export async function hotSession(databaseUrl: string, capacity?: number) {
  const handle = openDatabase(databaseUrl);
  try {
    const event = await handle.db.selectFrom('event_template').select('id').where('catalog_key', '=', 'hot').executeTakeFirstOrThrow();
    const type = await handle.db.selectFrom('ticket_type').select('id').where('catalog_key', '=', 'adult').executeTakeFirstOrThrow();
    const session = await handle.db.selectFrom('event_session').select('id').where('event_template_id', '=', event.id).where('start_datetime', '>', new Date(Date.now() + 86_400_000).toISOString()).orderBy('start_datetime').executeTakeFirstOrThrow();
    if (capacity) await handle.db.updateTable('event_session').set({ capacity }).where('id', '=', session.id).execute();
    return { eventId: event.id, sessionId: session.id, add: [{ ticket_type_id: type.id, event_session_id: session.id }] };
  } finally {
    await handle.close();
  }
}
