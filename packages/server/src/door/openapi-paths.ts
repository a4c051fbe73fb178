import { ZDoorAdmitBody, ZDoorListAnswer, ZDoorLookupAnswer, ZDoorScanAnswer, ZDoorScanBody, ZDoorScansAnswer, ZDoorSessionsAnswer, ZDoorStatusAnswer, ZDoorSyncAnswer, ZDoorSyncBody, ZDoorUndoBody } from '@foyer/contracts';
import { operation, pathParam, sellerParam } from '../http/openapi-parts.js';

const id = pathParam('id');

/** The two ways in (docs/door.md): a scanner's bearer token under /door, the staff cookie under /admin/door. */
const BY_TOKEN = {
  base: '/door',
  staff: 'Staff (Authorization: Bearer <FOYER_STAFF_TOKENS entry>, docs/door.md): ',
  auth: { '401': 'not_authorized (no or a wrong staff token)', '429': 'rate_limited (too many wrong tokens from this address; Retry-After)' },
  tags: undefined as string[] | undefined,
};
const BY_COOKIE = {
  base: '/admin/door',
  staff: 'Staff signed in (cookie foyer_staff; role door, box_office or admin; or a bearer token as under /door, docs/door.md): ',
  auth: { '401': 'not_authorized (not signed in, or a wrong staff token), totp_required (the second factor is due)', '403': 'forbidden_role (the role may not)', '429': 'rate_limited (too many wrong tokens from this address; Retry-After)' },
  tags: ['admin'],
};

/** OpenAPI paths of the door screen (issue 31), generated from the contracts, under both prefixes. */
export function doorPaths() {
  return { ...doorPathsAt(BY_TOKEN), ...doorPathsAt(BY_COOKIE) };
}

function doorPathsAt(way: typeof BY_TOKEN) {
  const STAFF = way.staff;
  const AUTH = way.auth;
  const SESSION = { ...AUTH, '404': 'not_found (no such session of this seller), seller_not_found' };
  const paths = {
    '/door/sessions': {
      get: operation({
        summary: `${STAFF}the sessions running today (the seller's local day) with admitted and expected counts; event=<event id> narrows to one event`,
        parameters: [sellerParam, { name: 'event', in: 'query', schema: { type: 'string' } }],
        ok: ZDoorSessionsAnswer,
        refusals: { ...AUTH, '400': 'bad_field_value, seller_not_found' },
      }),
    },
    '/door/sessions/{id}/list': {
      get: operation({ summary: `${STAFF}the admission list an offline door scans against: today's tickets (codes, states, sessions) and member cards`, parameters: [id, sellerParam], ok: ZDoorListAnswer, refusals: SESSION }),
    },
    '/door/sessions/{id}/status': {
      get: operation({ summary: `${STAFF}the session's admitted and expected counts and its last 20 scans`, parameters: [id, sellerParam], ok: ZDoorStatusAnswer, refusals: SESSION }),
    },
    '/door/sessions/{id}/scan': {
      post: operation({
        summary: `${STAFF}a scan: admitted (once, whichever door scans first), already_admitted (when, by whom), or refused with the reason (wrong_session, not_today, ticket_cancelled, rescheduled, membership_expired, not_found, being_changed)`,
        parameters: [id, sellerParam],
        body: ZDoorScanBody,
        ok: ZDoorScanAnswer,
        refusals: { ...SESSION, '400': 'validation_failed' },
      }),
    },
    '/door/sessions/{id}/undo': {
      post: operation({
        summary: `${STAFF}take back one's own last admission of the session (audit-logged); answers the session's status`,
        parameters: [id, sellerParam],
        body: ZDoorUndoBody,
        ok: ZDoorStatusAnswer,
        refusals: { ...SESSION, '400': 'validation_failed', '409': 'door_undo_not_last' },
      }),
    },
    '/door/sessions/{id}/lookup': {
      get: operation({
        summary: `${STAFF}orders with tickets for the session by order number, buyer or admit name (q, 2–80 characters)`,
        parameters: [id, sellerParam, { name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
        ok: ZDoorLookupAnswer,
        refusals: { ...SESSION, '400': 'validation_failed' },
      }),
    },
    '/door/sessions/{id}/admit': {
      post: operation({
        summary: `${STAFF}let in some tickets of one order of the session (found by lookup), each as a scan`,
        parameters: [id, sellerParam],
        body: ZDoorAdmitBody,
        ok: ZDoorScansAnswer,
        refusals: { ...SESSION, '400': 'validation_failed', '404': 'ticket_not_found (not all tickets of one order of this session), not_found' },
      }),
    },
    '/door/sessions/{id}/sync': {
      post: operation({
        summary: `${STAFF}admissions made offline, in order: each let in now or answered as a conflict (admitted elsewhere first, or refused); a client_id sent again answers as the first time`,
        parameters: [id, sellerParam],
        body: ZDoorSyncBody,
        ok: ZDoorSyncAnswer,
        refusals: { ...SESSION, '400': 'validation_failed' },
      }),
    },
  };
  return Object.fromEntries(
    Object.entries(paths).map(([path, methods]) => [
      path.replace(/^\/door/, way.base),
      way.tags ? Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, { ...op, tags: way.tags }])) : methods,
    ]),
  );
}
