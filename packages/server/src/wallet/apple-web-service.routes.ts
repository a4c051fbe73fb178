import { ZAppleLogBody, ZAppleRegistrationBody, ZAppleUpdatedSerials } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseBody } from '../http/parse-body.js';
import { docs, queryParam, type Parameter } from '../http/route-docs.js';
import { appleNotOffered } from './apple-web-service/pass-auth.js';
import { currentPass } from './apple-web-service/current-pass.js';
import { registerPassDevice } from './apple-web-service/register-device.js';
import { unregisterPassDevice } from './apple-web-service/unregister-device.js';
import { updatedSerials } from './apple-web-service/updated-serials.js';
import { appleWebServiceUrl } from './wallet-passes.js';

const PREFIX = '/api/wallet/apple/v1';
type Registration = { Params: { device: string; passType: string; serial: string } };
type Pass = { Params: { passType: string; serial: string } };

const APPLE_AUTH: Parameter = { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' }, description: "ApplePass {the pass's authenticationToken}" };
const NOT_AUTHORISED = { '401': 'not_authorized (another pass type, an unknown serial or a wrong token)', '404': 'not_found (Apple Wallet not configured)' };
const RATE_LIMITED = { '429': 'rate_limited (per IP; Retry-After)' };

const REGISTER = docs({
  summary: "A device registers for the pass's updates (its APNs push token)",
  parameters: [APPLE_AUTH],
  body: ZAppleRegistrationBody,
  ok: { description: 'already registered (push token refreshed)' },
  more: { '201': { description: 'registered' } },
  refusals: { '400': 'validation_failed', ...RATE_LIMITED, ...NOT_AUTHORISED },
});
const UNREGISTER = docs({
  summary: 'The pass left the device: no more pushes to it',
  parameters: [APPLE_AUTH],
  ok: { description: 'unregistered' },
  refusals: { ...RATE_LIMITED, ...NOT_AUTHORISED },
});
const UPDATED = docs({
  summary: "The serials of the device's passes changed since the tag, and the next tag; 204 when none changed",
  parameters: [queryParam('passesUpdatedSince', 'The lastUpdated tag of the previous answer')],
  ok: ZAppleUpdatedSerials,
  more: { '204': { description: 'nothing changed (or no passes of this type)' } },
  refusals: { '404': 'not_found (Apple Wallet not configured)' },
});
const PASS = docs({
  summary: 'The pass as it is now (the new date after a reschedule, voided after a cancel or refund); Last-Modified, honours If-Modified-Since',
  parameters: [APPLE_AUTH, { name: 'If-Modified-Since', in: 'header', schema: { type: 'string' } }],
  ok: { description: 'application/vnd.apple.pkpass', content: { 'application/vnd.apple.pkpass': { schema: { type: 'string', format: 'binary' } } } },
  more: { '304': { description: 'not modified since If-Modified-Since' } },
  refusals: NOT_AUTHORISED,
});
const LOG = docs({
  summary: "A device's problems with the web service, written to the server log",
  body: ZAppleLogBody,
  ok: { description: 'logged' },
  refusals: { '400': 'validation_failed' },
});

/**
 * Apple's pass web service (docs/wallet-passes.md "Updates"), under the webServiceURL the passes
 * carry: devices register for a pass's pushes, ask which passes changed, fetch the current pass, and
 * report problems. Authorised by the pass's token (`Authorization: ApplePass …`), never a cookie.
 */
export function registerAppleWebServiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const apple = () => ctx.settings.wallet?.apple ?? Promise.reject(appleNotOffered());
  const call = (request: FastifyRequest<Registration | Pass>) => ({ passType: request.params.passType, serial: request.params.serial, authorization: request.headers.authorization, ip: request.ip, now: ctx.now() });

  app.post<Registration>(`${PREFIX}/devices/:device/registrations/:passType/:serial`, { schema: REGISTER }, async (request, reply) => {
    const settings = await apple();
    const body = parseBody(ZAppleRegistrationBody, request.body, 'wallet_pass');
    const created = await registerPassDevice(ctx, settings, { ...call(request), device: request.params.device, body });
    return reply.code(created ? 201 : 200).send();
  });

  app.delete<Registration>(`${PREFIX}/devices/:device/registrations/:passType/:serial`, { schema: UNREGISTER }, async (request, reply) => {
    await unregisterPassDevice(db, await apple(), { ...call(request), device: request.params.device });
    return reply.code(200).send();
  });

  app.get<{ Params: { device: string; passType: string }; Querystring: { passesUpdatedSince?: string } }>(`${PREFIX}/devices/:device/registrations/:passType`, { schema: UPDATED }, async (request, reply) => {
    const since = typeof request.query.passesUpdatedSince === 'string' && request.query.passesUpdatedSince ? request.query.passesUpdatedSince : null;
    const changed = await updatedSerials(db, await apple(), { device: request.params.device, passType: request.params.passType, since });
    reply.header('cache-control', 'no-store');
    return changed ? changed : reply.code(204).send();
  });

  app.get<Pass>(`${PREFIX}/passes/:passType/:serial`, { schema: PASS }, async (request, reply) => {
    const settings = await apple();
    const since = request.headers['if-modified-since'];
    const pass = await currentPass(db, settings, { ...call(request), ifModifiedSince: typeof since === 'string' ? since : undefined, webServiceUrl: appleWebServiceUrl(ctx.settings.publicUrl) });
    reply.header('cache-control', 'no-cache').header('last-modified', pass.lastModified.toUTCString());
    if (pass.notModified) return reply.code(304).send();
    return reply.type(pass.file.contentType).send(pass.file.body);
  });

  app.post(`${PREFIX}/log`, { schema: LOG }, async (request, reply) => {
    const { logs } = parseBody(ZAppleLogBody, request.body, 'wallet_pass');
    for (const line of logs) request.log.warn({ wallet: 'apple' }, `Apple Wallet: ${line.slice(0, 500)}`);
    return reply.code(200).send();
  });
}
