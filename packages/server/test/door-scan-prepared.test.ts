import { ZDoorScanAnswer, ZDoorSessionsAnswer } from '@foyer/contracts';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStaff, signedIn } from './admin-harness.js';
import { paidTickets } from './door-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

const SCANNER = 'scanner-token-0123456789abcdefghijklmnop';
/** The fixed clock is 2026-06-01 12:00 in New York: General Admission at 14:00 there is today's afternoon session. */
const AFTERNOON = '2026-06-01T18:00:00.000Z';

/** Every query tree Kysely compiles (a prepared statement runs without one), named by kind and table. */
function compiledQueries(): KyselyPlugin & { seen: string[] } {
  const seen: string[] = [];
  const nameOf = (node: RootOperationNode) => {
    const table = JSON.stringify(node).match(/"identifier":\{"kind":"IdentifierNode","name":"([^"]+)"/)?.[1];
    return `${node.kind} ${table ?? ''}`.trim();
  };
  return {
    seen,
    transformQuery: ({ node }) => {
      seen.push(nameOf(node));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
}

/**
 * A scan answers within 300 ms at the door (issue 31; docs/door.md, Speed; `npm run bench:door`
 * measures it). Kysely builds and compiles a query tree on every call, near as dear in CPU as
 * SQLite running the statements, so the scan's statements are prepared once (db/prepared.ts):
 * after the first scan of each kind, a scan compiles no query.
 */
describe.each(dialects())('a door scan on %s', (dialect) => {
  const compiled = compiledQueries();
  let t: TestApp;
  let afternoon: string;
  let door: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_STAFF_TOKENS: `Scanner:${SCANNER}` }, plugins: [compiled] });
    door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.5.0.1');
    const sessions = await door.get('/api/admin/door/sessions');
    afternoon = ZDoorSessionsAnswer.parse(sessions.body).door_session._data.find((s) => s.event_name === 'General Admission' && s.start_datetime === AFTERNOON)!.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  const byToken = async (code: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/door/sessions/${afternoon}/scan`, payload: { scan_code: code }, remoteAddress: '10.5.0.2', headers: { authorization: `Bearer ${SCANNER}` } });
    expect(res.statusCode, res.body).toBe(200);
    return ZDoorScanAnswer.parse(res.json()).door_scan.outcome;
  };
  const byCookie = async (code: string) => {
    const res = await door.post(`/api/admin/door/sessions/${afternoon}/scan`, { scan_code: code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ZDoorScanAnswer.parse(res.body).door_scan.outcome;
  };
  /** A fresh code, then the same again, by each kind of door. */
  const scanTwice = async (codes: string[]) => [await byToken(codes[0]), await byToken(codes[0]), await byCookie(codes[1]), await byCookie(codes[1])];

  it('compiles no query after the first scan of each kind: admitted and already admitted, by scanner token and by staff cookie', async () => {
    const first = await paidTickets(t, `ga@${AFTERNOON}`, 2);
    expect(await scanTwice(first.codes)).toEqual(['admitted', 'already_admitted', 'admitted', 'already_admitted']);
    const { codes } = await paidTickets(t, `ga@${AFTERNOON}`, 2);
    compiled.seen.length = 0;
    expect(await scanTwice(codes)).toEqual(['admitted', 'already_admitted', 'admitted', 'already_admitted']);
    expect(compiled.seen).toEqual([]);
  });
});
