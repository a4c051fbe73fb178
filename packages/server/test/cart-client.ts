import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../src/db/database.js';
import { jsonContentType, testApp, type TestApp } from './harness.js';

/** A browser-like client over app.inject: keeps the identity cookie between calls. */
export class CartClient {
  cookie: string | null = null;
  /** `remoteAddress`: the caller's address (rate limits per address), 127.0.0.1 when not given. */
  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress?: string,
  ) {}

  async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    const res = await this.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: { app: 'ecomm', ...jsonContentType(method), ...(this.cookie ? { cookie: this.cookie } : {}) },
    });
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) this.cookie = first.split(';')[0];
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, setCookie: first ?? null };
  }

  create(add: unknown[], extra: Record<string, unknown> = {}) {
    return this.call('POST', '/api/my/cart/modify', { add, ...extra });
  }

  modify(cartId: string, body: Record<string, unknown>) {
    return this.call('POST', `/api/my/cart/${cartId}/modify`, body);
  }
}

/** Ids by catalog key, read straight from the database. */
export async function catalogIds(db: import('../src/db/database.js').Db) {
  const types = await db.selectFrom('ticket_type').select(['id', 'catalog_key']).execute();
  const events = await db.selectFrom('event_template').select(['id', 'catalog_key']).execute();
  const groups = await db.selectFrom('ticket_group').select(['id', 'catalog_key', 'event_template_id']).execute();
  const sessions = await db.selectFrom('event_session').selectAll().orderBy('start_datetime').execute();
  const type = (key: string) => types.find((t) => t.catalog_key === key)!.id;
  const event = (key: string) => events.find((e) => e.catalog_key === key)!.id;
  const group = (eventKey: string, key: string) => groups.find((g) => g.catalog_key === key && g.event_template_id === event(eventKey))!.id;
  const session = (eventKey: string, startUtc: string) => sessions.find((s) => s.event_template_id === event(eventKey) && s.start_datetime === startUtc)!.id;
  return { type, event, group, session };
}

export type CatalogIds = Awaited<ReturnType<typeof catalogIds>>;

/** A fresh app with the test catalog for the describe block it is called in; hands it over once ready. */
export function useCatalogApp(dialect: Dialect, ready: (t: TestApp, ids: CatalogIds) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
    ready(t, await catalogIds(t.db));
  });
  afterAll(() => t.close());
}
