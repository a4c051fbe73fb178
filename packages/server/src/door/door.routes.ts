import { ZDoorAdmitBody, ZDoorLookupQuery, ZDoorScanBody, ZDoorSyncBody, ZDoorUndoBody, ZDoorListAnswer, ZDoorLookupAnswer, ZDoorScanAnswer, ZDoorScansAnswer, ZDoorSessionsAnswer, ZDoorStatusAnswer, ZDoorSyncAnswer } from '@foyer/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { authoriseStaff } from '../checkin/staff-auth.js';
import { list } from '../http/envelope.js';
import { parseBody } from '../http/parse-body.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { admitAtDoor } from './admit-at-door.js';
import { admitOrderTickets } from './admit-order-tickets.js';
import { doorAdmissionList } from './door-admission-list.js';
import { doorSession } from './door-session.js';
import { doorStatus } from './door-status.js';
import { listDoorSessions } from './list-door-sessions.js';
import { lookupDoorOrders } from './lookup-door-orders.js';
import { syncOfflineScans } from './sync-offline-scans.js';
import { undoAdmission } from './undo-admission.js';
import { docs, queryParam, sellerParam, type Operation } from '../http/route-docs.js';

/** The two ways in (docs/door.md): a scanner's bearer token under /door, the staff cookie under /admin/door. */
const BY_TOKEN = {
  staff: 'Staff (Authorization: Bearer <FOYER_STAFF_TOKENS entry>, docs/door.md): ',
  auth: { '401': 'not_authorized (no or a wrong staff token)', '429': 'rate_limited (too many wrong tokens from this address; Retry-After)' },
  tags: undefined as string[] | undefined,
};
const BY_COOKIE = {
  staff: 'Staff signed in (cookie foyer_staff; role door, box_office or admin; or a bearer token as under /door, docs/door.md): ',
  auth: { '401': 'not_authorized (not signed in, or a wrong staff token), totp_required (the second factor is due)', '403': 'forbidden_role (the role may not)', '429': 'rate_limited (too many wrong tokens from this address; Retry-After)' },
  tags: ['admin'],
};

/** The door calls' docs under one of the two prefixes (the box office's, tag admin). */
function doorDocs({ staff: STAFF, auth: AUTH, tags }: typeof BY_TOKEN) {
  const SESSION = { ...AUTH, '404': 'not_found (no such session of this seller), seller_not_found' };
  const op = (o: Operation) => docs({ ...o, ...(tags ? { tags } : {}) });
  return {
    sessions: op({
      summary: `${STAFF}the sessions running today (the seller's local day) with admitted and expected counts; event=<event id> narrows to one event`,
      parameters: [sellerParam, queryParam('event')],
      ok: ZDoorSessionsAnswer,
      refusals: { ...AUTH, '400': 'bad_field_value, seller_not_found' },
    }),
    list: op({ summary: `${STAFF}the admission list an offline door scans against: today's tickets (codes, states, sessions) and member cards`, parameters: [sellerParam], ok: ZDoorListAnswer, refusals: SESSION }),
    status: op({ summary: `${STAFF}the session's admitted and expected counts and its last 20 scans`, parameters: [sellerParam], ok: ZDoorStatusAnswer, refusals: SESSION }),
    scan: op({
      summary: `${STAFF}a scan: admitted (once, whichever door scans first), already_admitted (when, by whom), or refused with the reason (wrong_session, not_today, ticket_cancelled, rescheduled, membership_expired, not_found, being_changed)`,
      parameters: [sellerParam],
      body: ZDoorScanBody,
      ok: ZDoorScanAnswer,
      refusals: { ...SESSION, '400': 'validation_failed' },
    }),
    undo: op({
      summary: `${STAFF}take back one's own last admission of the session (audit-logged); answers the session's status`,
      parameters: [sellerParam],
      body: ZDoorUndoBody,
      ok: ZDoorStatusAnswer,
      refusals: { ...SESSION, '400': 'validation_failed', '409': 'door_undo_not_last' },
    }),
    lookup: op({
      summary: `${STAFF}orders with tickets for the session by order number, buyer or admit name (q, 2–80 characters)`,
      parameters: [sellerParam, queryParam('q', undefined, true)],
      ok: ZDoorLookupAnswer,
      refusals: { ...SESSION, '400': 'validation_failed' },
    }),
    admit: op({
      summary: `${STAFF}let in some tickets of one order of the session (found by lookup), each as a scan`,
      parameters: [sellerParam],
      body: ZDoorAdmitBody,
      ok: ZDoorScansAnswer,
      refusals: { ...SESSION, '400': 'validation_failed', '404': 'ticket_not_found (not all tickets of one order of this session), not_found' },
    }),
    sync: op({
      summary: `${STAFF}admissions made offline, in order: each let in now or answered as a conflict (admitted elsewhere first, or refused); a client_id sent again answers as the first time`,
      parameters: [sellerParam],
      body: ZDoorSyncBody,
      ok: ZDoorSyncAnswer,
      refusals: { ...SESSION, '400': 'validation_failed' },
    }),
  };
}

/**
 * The door screen's calls (docs/door.md): staff only (checkin/staff-auth.ts), never cached. Each
 * is served twice: under /api/door for scanner clients with a bearer token, and under
 * /api/admin/door, where the staff cookie (path /api/admin) reaches it, for the door screen.
 */
export function registerDoorRoutes(app: FastifyInstance, ctx: AppContext) {
  registerAt(app, ctx, '/api/door', doorDocs(BY_TOKEN));
  registerAt(app, ctx, '/api/admin/door', doorDocs(BY_COOKIE));
}

function registerAt(app: FastifyInstance, ctx: AppContext, prefix: string, doc: ReturnType<typeof doorDocs>) {
  /** Authorises, then resolves the seller. */
  async function door(request: FastifyRequest, reply: FastifyReply, params: Record<string, 'string'> = {}) {
    reply.header('cache-control', 'no-store');
    const staff = await authoriseStaff(ctx, request, reply, { staffCookie: prefix === '/api/admin/door' });
    const { seller, query } = await sellerOfRequest(ctx, request, { params });
    return { staff, seller, query, now: ctx.now() };
  }
  /** A session's call (`sessions/:id/…`): also the session, 404 when the seller has none such. */
  async function atSession(request: FastifyRequest, reply: FastifyReply, params: Record<string, 'string'> = {}) {
    const base = await door(request, reply, params);
    return { ...base, session: await doorSession(ctx.db, base.seller.id, (request.params as { id: string }).id) };
  }

  app.get(`${prefix}/sessions`, { schema: doc.sessions }, async (request, reply) => {
    const { seller, query, now } = await door(request, reply, { event: 'string' });
    const eventId = typeof query.params.event === 'string' ? query.params.event : null;
    return { door_session: list(await listDoorSessions(ctx.db, { sellerId: seller.id, sellerTimezone: seller.timezone, eventId, now })) };
  });

  app.get(`${prefix}/sessions/:id/list`, { schema: doc.list }, async (request, reply) => {
    const { seller, now } = await atSession(request, reply);
    return { door_entry: list(await doorAdmissionList(ctx.db, { sellerId: seller.id, sellerTimezone: seller.timezone, now })), downloaded_at: now.toISOString() };
  });

  app.get(`${prefix}/sessions/:id/status`, { schema: doc.status }, async (request, reply) => {
    const { session } = await atSession(request, reply);
    return { door_status: await doorStatus(ctx.db, session.id) };
  });

  app.post(`${prefix}/sessions/:id/scan`, { schema: doc.scan }, async (request, reply) => {
    const { staff, seller, session, now } = await atSession(request, reply);
    const body = parseBody(ZDoorScanBody, request.body, 'door');
    const result = await admitAtDoor(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, session, scanCode: body.scan_code, staff, source: 'scan', scannedAt: now.toISOString(), now });
    return { door_scan: result };
  });

  app.post(`${prefix}/sessions/:id/undo`, { schema: doc.undo }, async (request, reply) => {
    const { staff, seller, session, now } = await atSession(request, reply);
    const body = parseBody(ZDoorUndoBody, request.body, 'door');
    await undoAdmission(ctx.db, ctx.dialect, { sellerId: seller.id, sessionId: session.id, scanId: body.scan_id, staff, now });
    return { door_status: await doorStatus(ctx.db, session.id) };
  });

  app.get(`${prefix}/sessions/:id/lookup`, { schema: doc.lookup }, async (request, reply) => {
    const { seller, session, query } = await atSession(request, reply, { q: 'string' });
    const { q } = parseBody(ZDoorLookupQuery, { q: query.params.q }, 'door');
    return { door_order: list(await lookupDoorOrders(ctx.db, { sellerId: seller.id, sessionId: session.id, text: q })) };
  });

  app.post(`${prefix}/sessions/:id/admit`, { schema: doc.admit }, async (request, reply) => {
    const { staff, seller, session, now } = await atSession(request, reply);
    const body = parseBody(ZDoorAdmitBody, request.body, 'door');
    const results = await admitOrderTickets(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, session, staff, scannedAt: now.toISOString(), now, ticketIds: body.ticket_ids });
    return { door_scan: list(results) };
  });

  app.post(`${prefix}/sessions/:id/sync`, { schema: doc.sync }, async (request, reply) => {
    const { staff, seller, session, now } = await atSession(request, reply);
    const body = parseBody(ZDoorSyncBody, request.body, 'door');
    return { door_sync: list(await syncOfflineScans(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, session, staff, now, scans: body.scans })) };
  });
}
