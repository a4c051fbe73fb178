import type { FastifyInstance } from 'fastify';
import { toErrorAnswer } from './error-envelope.js';

/**
 * Every error becomes the envelope (docs/architecture.md#inventory-never-oversell): an AppError as it is, Fastify's own 4xx (bad JSON,
 * body too large, wrong content type) by status, anything else a 500 that says nothing of internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorAnswer(error, request.id);
    if (answer.error.retryAfterSeconds !== null) reply.header('retry-after', String(answer.error.retryAfterSeconds));
    if (answer.status === 503) request.log.warn({ err: error, url: request.url }, 'database unavailable: answered 503');
    else if (answer.status >= 500) request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.error.toEnvelope());
  });
}
