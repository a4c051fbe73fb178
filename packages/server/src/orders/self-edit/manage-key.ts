import type { FastifyRequest } from 'fastify';

/** A manage link's key from the query (?key=), if any. */
export function manageKeyOf(request: FastifyRequest): string | null {
  const key = (request.query as Record<string, unknown> | undefined)?.key;
  return typeof key === 'string' && key ? key : null;
}
