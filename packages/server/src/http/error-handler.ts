import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

const GENERIC = 'Sorry. Please try again later.';

/**
 * Every error becomes the envelope (DESIGN §4): an AppError as it is, Fastify's own 4xx (bad JSON,
 * wrong content type) as validation_failed, anything else a 500 that says nothing of internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.toEnvelope());
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 415 || status === 400 ? 'validation_failed' : status === 405 ? 'method_not_allowed' : 'bad_field_value';
      return reply.code(status).send(new AppError(status, code, (error as Error).message || 'The request could not be read.', 'request').toEnvelope());
    }
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(500).send(new AppError(500, 'internal_error', GENERIC, null).toEnvelope());
  });
}
