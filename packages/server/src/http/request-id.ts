import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const FROM_PROXY = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * A request's id: the X-Request-Id a proxy set (so its logs and ours match), when it looks like
 * an id; else a new one. It is in every log line of the request, in the X-Request-Id answer
 * header and in 5xx envelopes, so a user's report leads to the log lines.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && FROM_PROXY.test(given) ? given : randomUUID();
}
