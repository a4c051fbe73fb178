import { LogController, type FastifyInstance } from 'fastify';

export interface RequestLogging {
  /** LOG_REQUESTS=true: a line per answered request (Fastify's own `incoming request`/`request completed`). */
  everyRequest: boolean;
  /** FOYER_SLOW_REQUEST_MS: an answer that took longer is logged at warn. */
  slowMs: number;
}

/**
 * What the log says about requests (docs/deploy.md, Monitoring). By default no line per request:
 * at thousands of requests a second they cost more than the answers. A 4xx is a debug line, a 5xx
 * and a slow answer are warn lines; each carries the request id (`reqId`, the X-Request-Id header).
 * With `everyRequest`, Fastify's own two lines per request come back instead.
 */
/** Fastify's option: its own per-request lines only with LOG_REQUESTS=true. */
export function requestLogController(logging: RequestLogging | undefined) {
  return new LogController({ disableRequestLogging: !logging?.everyRequest });
}

const DEBUG_LEVELS = new Set(['debug', 'trace']);

export function registerRequestLogging(app: FastifyInstance, logging: RequestLogging) {
  if (logging.everyRequest) return;
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500 || ms > logging.slowMs) {
      request.log.warn({ req: request, res: { statusCode: status }, responseTime: ms }, status >= 500 ? 'request failed' : 'slow request');
    } else if (status >= 400 && DEBUG_LEVELS.has(request.log.level)) {
      request.log.debug({ req: request, res: { statusCode: status }, responseTime: ms }, 'request refused');
    }
    done();
  });
}
