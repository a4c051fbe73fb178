import { ZDoorAdmitBody, ZDoorLookupQuery, ZDoorScanBody, ZDoorSyncBody, ZDoorUndoBody } from '@foyer/contracts';
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

/**
 * The door screen's calls (docs/door.md): staff only (checkin/staff-auth.ts), never cached. Each
 * is served twice: under /api/door for scanner clients with a bearer token, and under
 * /api/admin/door, where the staff cookie (path /api/admin) reaches it, for the door screen.
 */
export function registerDoorRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const prefix of ['/api/door', '/api/admin/door']) registerAt(app, ctx, prefix);
}

function registerAt(app: FastifyInstance, ctx: AppContext, prefix: string) {
  /** Authorises, then resolves the seller and (for a session's calls) the session. */
  async function door(request: FastifyRequest, reply: FastifyReply, params: Record<string, 'string'> = {}) {
    reply.header('cache-control', 'no-store');
    const staff = await authoriseStaff(ctx, request, reply, { staffCookie: prefix === '/api/admin/door' });
    const { seller, query } = await sellerOfRequest(ctx, request, { params });
    const sessionId = (request.params as { id?: string }).id;
    const session = sessionId ? await doorSession(ctx.db, seller.id, sessionId) : null;
    return { staff, seller, query, session: session!, now: ctx.now() };
  }

  app.get(`${prefix}/sessions`, async (request, reply) => {
    const { seller, query, now } = await door(request, reply, { event: 'string' });
    const eventId = typeof query.params.event === 'string' ? query.params.event : null;
    return { door_session: list(await listDoorSessions(ctx.db, { sellerId: seller.id, sellerTimezone: seller.timezone, eventId, now })) };
  });

  app.get(`${prefix}/sessions/:id/list`, async (request, reply) => {
    const { seller, now } = await door(request, reply);
    return { door_entry: list(await doorAdmissionList(ctx.db, { sellerId: seller.id, sellerTimezone: seller.timezone, now })), downloaded_at: now.toISOString() };
  });

  app.get(`${prefix}/sessions/:id/status`, async (request, reply) => {
    const { session } = await door(request, reply);
    return { door_status: await doorStatus(ctx.db, session.id) };
  });

  app.post(`${prefix}/sessions/:id/scan`, async (request, reply) => {
    const { staff, seller, session, now } = await door(request, reply);
    const body = parseBody(ZDoorScanBody, request.body, 'door');
    const result = await admitAtDoor(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, session, scanCode: body.scan_code, staff, source: 'scan', scannedAt: now.toISOString(), now });
    return { door_scan: result };
  });

  app.post(`${prefix}/sessions/:id/undo`, async (request, reply) => {
    const { staff, seller, session, now } = await door(request, reply);
    const body = parseBody(ZDoorUndoBody, request.body, 'door');
    await undoAdmission(ctx.db, ctx.dialect, { sellerId: seller.id, sessionId: session.id, scanId: body.scan_id, staff, now });
    return { door_status: await doorStatus(ctx.db, session.id) };
  });

  app.get(`${prefix}/sessions/:id/lookup`, async (request, reply) => {
    const { seller, session, query } = await door(request, reply, { q: 'string' });
    const { q } = parseBody(ZDoorLookupQuery, { q: query.params.q }, 'door');
    return { door_order: list(await lookupDoorOrders(ctx.db, { sellerId: seller.id, sessionId: session.id, text: q })) };
  });

  app.post(`${prefix}/sessions/:id/admit`, async (request, reply) => {
    const { staff, seller, session, now } = await door(request, reply);
    const body = parseBody(ZDoorAdmitBody, request.body, 'door');
    const results = await admitOrderTickets(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, session, staff, scannedAt: now.toISOString(), now, ticketIds: body.ticket_ids });
    return { door_scan: list(results) };
  });

  app.post(`${prefix}/sessions/:id/sync`, async (request, reply) => {
    const { staff, seller, session, now } = await door(request, reply);
    const body = parseBody(ZDoorSyncBody, request.body, 'door');
    return { door_sync: list(await syncOfflineScans(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, session, staff, now, scans: body.scans })) };
  });
}
