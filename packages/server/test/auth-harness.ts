import type { FastifyInstance } from 'fastify';
import { uuidv7 } from '../src/ids.js';
import { hashPassword } from '../src/auth/passwords.js';
import type { Db } from '../src/db/database.js';
import { processOutbox } from '../src/mail/mail-worker.js';
import { mailboxTransport } from '../src/mail/transport.js';
import { emailKey, scanCodeKey } from '../src/users/normalize.js';
import { insertUser } from '../src/users/user.repository.js';
import { jsonContentType, type TestApp } from './harness.js';

export const PASSWORD = 'Correct-Horse-9';

interface Cookie {
  value: string;
  raw: string;
}

/** A browser over app.inject: a cookie jar (set, replace, delete), an IP address. */
export class Browser {
  readonly cookies = new Map<string, Cookie>();
  constructor(
    private readonly app: FastifyInstance,
    public ip = '10.0.0.1',
    /** Sent with every call, e.g. a scanner's `authorization: Bearer …`. */
    public headers: Record<string, string> = {},
  ) {}

  async call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    const cookie = [...this.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      remoteAddress: this.ip,
      headers: { app: 'ecomm', ...this.headers, ...jsonContentType(method), ...(cookie ? { cookie } : {}) },
    });
    const set = res.headers['set-cookie'];
    const list = set === undefined ? [] : Array.isArray(set) ? set : [set];
    for (const raw of list) {
      const [pair] = raw.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = /max-age=0/i.test(raw) || /expires=Thu, 01 Jan 1970/i.test(raw) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, raw });
    }
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: res.body && isJson ? JSON.parse(res.body) : res.body || null, setCookies: list, headers: res.headers };
  }

  post(url: string, payload: unknown = {}) {
    return this.call('POST', url, payload);
  }
  get(url: string) {
    return this.call('GET', url);
  }
}

/** An account straight in the database (members come from elsewhere: imports, purchases). */
export async function createUser(
  db: Db,
  input: { email: string; password?: string | null; first_name?: string; last_name?: string; scan_code?: string | null; zip_code?: string | null; now?: Date },
) {
  const seller = await db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
  const id = uuidv7();
  const identityId = uuidv7();
  const nowIso = (input.now ?? new Date()).toISOString();
  await insertUser(db, {
    id,
    seller_id: seller.id,
    identity_id: identityId,
    email: input.email,
    email_key: emailKey(input.email),
    password_hash: input.password === null ? null : await hashPassword(input.password ?? PASSWORD),
    first_name: input.first_name ?? 'Ada',
    last_name: input.last_name ?? 'Lovelace',
    scan_code: input.scan_code ?? null,
    scan_code_key: input.scan_code ? scanCodeKey(input.scan_code) : null,
    zip_code: input.zip_code ?? null,
    meta: '{}',
    additional_info: '{}',
    created_at: nowIso,
    updated_at: nowIso,
  });
  return { id, identityId };
}

/** Sets the seller's login methods (configuration auth.methods). */
export async function setLoginMethods(db: Db, methods: unknown) {
  const seller = await db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
  await db.deleteFrom('config_entry').where('namespace', '=', 'auth').where('name', '=', 'methods').execute();
  await db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'auth', name: 'methods', value: JSON.stringify(methods) }).execute();
}

/** Runs the mail worker once with the local mailbox transport. */
export function deliverMail(t: TestApp) {
  return processOutbox({ db: t.db, transport: mailboxTransport(), now: () => t.clock.now });
}

/** The development mailbox, newest first. */
export async function mailbox(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return JSON.parse(res.body).mailbox._data as { to: string; subject: string; text: string; html: string | null; status: string; created_at: string }[];
}

export const codeOf = (text: string) => /passcode is (\d{6})/.exec(text)?.[1] ?? null;
export const resetTokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? null;

export const errorOf = (body: { _data: { _code: string; _description: string; _extra: unknown }[] }) => body._data[0];

/**
 * Sends a request about a known address and about fresh unknown ones, `rounds` times each
 * (interleaved, `between` after each pair — e.g. clearing rate limits): the answers and the
 * times, for no-enumeration checks (same status, same shape, similar time).
 */
export async function knownAndUnknown(send: (email: string) => Promise<{ status: number; body: unknown }>, known: string, rounds: number, between: () => Promise<unknown>) {
  const out = { known: [] as { status: number; body: unknown; ms: number }[], unknown: [] as { status: number; body: unknown; ms: number }[] };
  for (let i = 0; i < rounds; i++) {
    for (const [email, into] of [[known, out.known], [`nobody-${i}-${Math.random().toString(36).slice(2)}@example.com`, out.unknown]] as const) {
      const started = performance.now();
      const res = await send(email);
      into.push({ status: res.status, body: res.body, ms: performance.now() - started });
    }
    await between();
  }
  return out;
}

/** The median of a few timings (robust to one slow outlier on a busy machine). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
