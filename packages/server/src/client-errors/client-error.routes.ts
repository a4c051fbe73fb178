import { ZClientError, ZClientErrorAnswer } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { redactSecretsInUrl, redactText } from '../auth/log-redaction.js';
import { parseBody } from '../http/parse-body.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { docs } from '../http/route-docs.js';

const REPORT = docs({
  summary: 'Report an unexpected error a browser met (logged with e-mails, names, passwords and answers masked)',
  body: ZClientError,
  ok: ZClientErrorAnswer,
  refusals: { '400': 'validation_failed', '429': 'rate_limited (Retry-After)' },
});

/**
 * POST client_error (docs/api.md#errors error reporting): a browser tells of an unexpected error; it is logged
 * (warn, with this request's id) with e-mails, names, passwords and answers masked. Limited per
 * address, so a page stuck in an error loop cannot flood the log.
 */
export function registerClientErrorRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/client_error', { schema: REPORT }, async (request) => {
    await enforceLimits(ctx.db, ctx.now(), [[LIMITS.clientErrorIp, request.ip]]);
    const report = parseBody(ZClientError, request.body, 'client_error');
    request.log.warn(
      {
        client_error: {
          source: report.source,
          message: redactText(report.message),
          page: redactSecretsInUrl(report.page),
          stack: report.stack ? redactText(report.stack) : undefined,
          call: report.path ? `${report.method ?? ''} ${redactSecretsInUrl(report.path)}`.trim() : undefined,
          status: report.status,
          code: report.code,
          failed_request_id: report.request_id,
          user_agent: request.headers['user-agent'],
        },
      },
      'client error',
    );
    return { received: true };
  });
}
