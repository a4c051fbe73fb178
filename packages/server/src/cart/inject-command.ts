import { readFile } from 'node:fs/promises';
import type { Db, Dialect } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { injectCart, type InjectItem, type PlanEntry } from './inject-cart.js';
import { sessionOfSeller, ticketTypeByIdOrKey } from './inject-lookup.repository.js';

/** `cart inject` as written on the command line or in its JSON file: catalog keys or ids. */
export interface InjectRequest {
  seller?: string | null;
  items: { ticket_type: string; session?: string | null; quantity?: number }[];
  purchaser?: { email: string; first_name: string; last_name: string } | null;
  plan?: PlanEntry[] | null;
  expires_at?: string | null;
}

export const INJECT_USAGE = `  cart inject [--seller key] (--item type=KEY[,session=ID|EVENT@START][,quantity=N] ... | --file request.json)
              [--email ADDRESS --first NAME --last NAME] [--plan DATE=AMOUNT,...,DATE=rest] [--expires ISO-TIME]
                                    a staff-created cart; prints its single-use payment link`;

function bad(message: string): never {
  throw new AppError(400, 'validation_failed', message, 'cart_inject');
}

/** The arguments after `cart inject` → a request (a --file is read as the whole request). */
export async function parseInjectArgs(args: string[]): Promise<InjectRequest> {
  const values = (name: string) => args.flatMap((a, i) => (a === name && i + 1 < args.length ? [args[i + 1]] : []));
  const one = (name: string) => values(name).at(0);
  const file = one('--file');
  // A file is the whole request as written by hand: its `items` may be left out.
  const fromFile = file ? (JSON.parse(await readFile(file, 'utf8')) as Partial<InjectRequest>) : {};
  const request: InjectRequest = { ...fromFile, items: fromFile.items ?? [] };
  for (const spec of values('--item')) {
    const fields = new Map(spec.split(',').map((kv) => kv.split('=').map((x) => x.trim()) as [string, string]));
    const type = fields.get('type');
    if (!type) bad(`--item ${spec}: type=… is required`);
    const quantity = fields.get('quantity');
    request.items.push({ ticket_type: type, session: fields.get('session') ?? null, quantity: quantity ? Number(quantity) : 1 });
  }
  request.seller = one('--seller') ?? request.seller ?? null;
  const email = one('--email');
  if (email) {
    const first = one('--first');
    const last = one('--last');
    if (!first || !last) bad('--email needs --first and --last');
    request.purchaser = { email, first_name: first, last_name: last };
  }
  const plan = one('--plan');
  if (plan) {
    request.plan = plan.split(',').map((entry) => {
      const [due_date, amount] = entry.split('=').map((x) => x.trim());
      if (!due_date || !amount) bad(`--plan ${entry}: DATE=AMOUNT`);
      return { due_date, amount };
    });
  }
  request.expires_at = one('--expires') ?? request.expires_at ?? null;
  return request;
}

/** Catalog keys → ids; a session is an id or EVENT-KEY@START (UTC ISO time). */
export async function resolveItems(db: Db, sellerId: string, request: InjectRequest): Promise<InjectItem[]> {
  const items: InjectItem[] = [];
  for (const item of request.items) {
    const type = await ticketTypeByIdOrKey(db, sellerId, item.ticket_type);
    if (!type) bad(`No ticket type ${item.ticket_type}.`);
    let sessionId: string | null = null;
    if (item.session) {
      const [eventKey, start] = item.session.includes('@') ? item.session.split('@') : [null, ''];
      const session = await sessionOfSeller(db, sellerId, eventKey ? { eventKey, startIso: new Date(start).toISOString() } : { id: item.session });
      if (!session) bad(`No session ${item.session}.`);
      sessionId = session.id;
    }
    items.push({ ticket_type_id: type.id, event_session_id: sessionId, quantity: item.quantity ?? 1 });
  }
  return items;
}

/** The `cart inject` command's work, also called by tests: resolve, create, answer the link. */
export async function injectFromRequest(db: Db, dialect: Dialect, request: InjectRequest, publicUrl: string, now: Date) {
  const seller = await resolveSeller(db, request.seller ?? null, null);
  return injectCart({
    db,
    dialect,
    seller: seller.id,
    items: await resolveItems(db, seller.id, request),
    purchaser: request.purchaser ?? null,
    plan: request.plan ?? null,
    expiresAt: request.expires_at ?? null,
    publicUrl,
    now,
  });
}
