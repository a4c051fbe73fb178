import { ADMIN_TEXT, type TStaffRole } from '@foyer/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { DEFAULT_STAFF_IDLE_MS, resolveStaffSession, roleAllows, type StaffViewer } from '../staff/staff-sessions.js';
import { docs, type Operation } from '../http/route-docs.js';

export const staffIdleMs = (ctx: AppContext) => ctx.settings.staffIdleMs ?? DEFAULT_STAFF_IDLE_MS;

/**
 * The check every staff route makes (docs/box-office.md, Roles): a signed-in staff session (its
 * own cookie; a storefront session counts for nothing), past its second factor, of a role that may.
 */
export async function requireStaff(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, role: TStaffRole): Promise<StaffViewer> {
  const viewer = await resolveStaffSession(ctx.db, request, reply, ctx.now(), staffIdleMs(ctx));
  if (!viewer) throw new AppError(401, 'not_authorized', ADMIN_TEXT.notSignedIn, 'admin');
  if (viewer.stage !== 'complete') throw new AppError(401, 'totp_required', ADMIN_TEXT.totpRequired, 'admin');
  if (!roleAllows(viewer.staff.role, role)) throw new AppError(403, 'forbidden_role', ADMIN_TEXT.forbiddenRole, 'admin', { role_needed: role });
  return viewer;
}

type Method = 'GET' | 'POST' | 'PATCH';
type Handler = (request: FastifyRequest, reply: FastifyReply, viewer: StaffViewer) => Promise<unknown>;

/** What every signed-in staff call may answer besides its own refusals. */
const SIGNED_IN = { '401': 'not_authorized (not signed in), totp_required (the second factor is due)', '403': 'forbidden_role (the role may not)' };

/**
 * Registers a staff route: the role and the docs are required arguments, so no route under /api/admin exists
 * without its check nor out of /api/openapi.json (tag admin, with the signed-in refusals; docs/api.md#documenting-a-route).
 * Answers are never stored by caches.
 */
export function staffRoute(app: FastifyInstance, ctx: AppContext) {
  return (method: Method, url: string, role: TStaffRole, doc: Operation, handler: Handler) => {
    app.route({
      method,
      url,
      schema: docs({ ...doc, tags: ['admin'], refusals: { ...SIGNED_IN, ...doc.refusals } }),
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const viewer = await requireStaff(ctx, request, reply, role);
        return handler(request, reply, viewer);
      },
    });
  };
}
