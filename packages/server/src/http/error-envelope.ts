import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { TErrorCode } from '@foyer/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/unavailable.js';

const GENERIC = 'Sorry. Please try again later.';

/** The envelope's code for a status Fastify or Node chose (bad JSON, body too large, …). */
function codeFor(status: number): TErrorCode {
  if (status === 413 || status === 414 || status === 431) return 'request_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 405) return 'method_not_allowed';
  if (status === 404) return 'not_found';
  if (status === 400) return 'validation_failed';
  return 'bad_field_value';
}

/** Any error as the envelope: AppErrors as they are, framework 4xx by status, the rest a generic 500. */
/** The envelope of any error; a 500 names the request id, which leads from a user's report to the log lines. */
export function toErrorAnswer(error: unknown, requestId?: string): { status: number; error: AppError } {
  if (error instanceof AppError) return { status: error.status, error };
  if (isDatabaseUnavailable(error)) return { status: 503, error: new AppError(503, 'service_unavailable', GENERIC, null, { retry_after: UNAVAILABLE_RETRY_AFTER_S }) };
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, error: new AppError(status, codeFor(status), (error as Error).message || 'The request could not be read.', 'request') };
  }
  return { status: 500, error: new AppError(500, 'internal_error', GENERIC, null, requestId ? { request_id: requestId } : undefined) };
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorAnswer(error, request.id);
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.error.toEnvelope());
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing (a malformed URL, a path parameter
 * longer than maxParamLength) answer in the envelope like every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message = status === 414 ? 'The address is too long.' : 'The address could not be read.';
  void sendError(Object.assign(new Error(message), { statusCode: status }), request, reply);
}

/**
 * Fastify's `clientErrorHandler`: Node refuses some requests before Fastify sees them (headers too
 * large, unparsable HTTP); those answers, written straight to the socket, use the envelope too.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify(new AppError(status, codeFor(status), text, 'request').toEnvelope());
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** Answers whose body is theirs by design (probes read `status`), left as they are. */
const OWN_BODY = /^\/(api\/(health|ready)|metrics)\b/;

const isEnvelope = (value: unknown) => Array.isArray((value as { _data?: unknown } | null)?._data) && typeof (value as { _data: Array<{ _code?: unknown }> })._data[0]?._code === 'string';

/** A last check that no 4xx/5xx leaves in another shape (a plugin's or Fastify's own body). */
export function registerEnvelopeSafetyNet(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || OWN_BODY.test(request.url) || typeof payload !== 'string') return payload;
    // A storefront page that is a 404 (an unknown event) is still the page: the app says so.
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(payload);
    } catch {
      // not JSON: replaced below
    }
    if (isEnvelope(parsed)) return payload;
    const { error } = toErrorAnswer(Object.assign(new Error((parsed as { message?: string } | null)?.message ?? ''), { statusCode: reply.statusCode }));
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(error.toEnvelope());
  });
}
