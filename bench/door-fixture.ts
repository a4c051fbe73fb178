import { spawnSync } from 'node:child_process';
import { DEMO_CARDS } from '@foyer/contracts';

/**
 * What the door benchmark scans, set up through the real API as a visitor and the staff would:
 * paid orders (the demo gateway) whose tickets' codes are read back from the cart, and a door
 * staff account (`foyer staff add`) signed in for its cookie (docs/door.md, docs/box-office.md).
 */

type Json = Record<string, { _data: Record<string, unknown>[] }>;

/** One visitor: JSON calls that keep the cookies the server sets. */
function visitor(base: string) {
  let cookie = '';
  return async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', app: 'ecomm', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = response.headers.getSetCookie();
    if (set.length) cookie = [cookie, ...set.map((c) => c.split(';')[0])].filter(Boolean).join('; ');
    const json = (await response.json()) as Json;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** The scan codes of `count` paid tickets of a session, bought by guests in orders of up to 1,000. */
export async function paidScanCodes(base: string, session: { id: string; ticketTypeId: string }, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let order = 0; codes.length < count; order++) {
    const api = visitor(base);
    const quantity = Math.min(1000, count - codes.length);
    const made = await api('POST', '/api/my/cart/modify', { add: Array.from({ length: quantity }, () => ({ ticket_type_id: session.ticketTypeId, event_session_id: session.id })) });
    const cartId = made.cart._data[0].id as string;
    const user = await api('POST', '/api/user', { first_name: `Guest${order}`, last_name: 'Visitor', email: `guest${order}-${Date.now()}@example.com` });
    await api('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.user._data[0].identity_id });
    const due = (await api('GET', `/api/cart/${cartId}`)).cart._data[0] as { cart_fees: { total_outstanding: string } };
    const paid = await api('POST', `/api/cart/${cartId}/pay`, { amount: due.cart_fees.total_outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, terms_accepted: true });
    if ((paid as { outcome?: unknown }).outcome !== 'completed') throw new Error(`pay: ${JSON.stringify(paid)}`);
    const tickets = (await api('GET', `/api/cart/${cartId}?_embed=ticket&_limit=1000`)).ticket._data as { scan_code: string | null }[];
    codes.push(...tickets.map((t) => t.scan_code!));
  }
  if (codes.length !== count || codes.some((c) => !c)) throw new Error(`expected ${count} scan codes, got ${codes.filter(Boolean).length}`);
  return codes;
}

/** A door staff account added with the CLI against the target's database, signed in: its cookie. */
export async function doorStaffCookie(base: string, databaseUrl: string): Promise<string> {
  const email = 'door@bench.example';
  const password = 'bench-door-password-0123';
  const cli = new URL('../packages/server/src/cli.ts', import.meta.url).pathname;
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'staff', 'add', email, '--role', 'door', '--password-stdin'], { env: { ...process.env, DATABASE_URL: databaseUrl }, input: `${password}\n`, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`staff add failed (${run.status}): ${run.stdout}${run.stderr}`);
  const response = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('foyer_staff='));
  if (!response.ok || !cookie) throw new Error(`staff sign-in: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0];
}
