import { z } from 'zod';
import type { FastifySchema } from 'fastify';
import { ZErrorEnvelope } from '@foyer/contracts';

/**
 * A route's documentation, declared with the route as its Fastify `schema` (docs/api.md#documenting-a-route):
 * `app.post(path, { schema: docs({ summary, parameters, body, ok, refusals }) }, handler)`. The zod schemas stay
 * zod here; openapi.ts turns them into JSON Schema when /api/openapi.json is first asked for. They validate
 * nothing: the handlers parse their input with the same schemas (http/parse-body.ts, http/query.ts).
 */

/** A query or header parameter as OpenAPI writes it (a path's parameters come from its URL). */
export interface Parameter {
  name: string;
  in: 'query' | 'header';
  required?: boolean;
  schema: object;
  description?: string;
}

/** One media type of an answer: a zod schema (the answer as sent, or `io: 'input'` for the shape as accepted) or a plain JSON Schema. */
export interface Media {
  schema: z.ZodType | object;
  io?: 'input' | 'output';
  [key: `x-${string}`]: unknown;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, Media>;
}

/** Status -> the error codes (`_data[0]._code`) the call can answer with. */
export type Refusals = Record<string, string>;

export interface Operation {
  summary: string;
  /** `admin` for the box office's calls. */
  tags?: string[];
  parameters?: Parameter[];
  /** The JSON body: a contract schema, or a plain JSON Schema (raw bodies). */
  body?: z.ZodType | object;
  /** The 200 answer: a contract schema, or a ready response object (images, untyped answers); null when there is none (a redirect). */
  ok?: z.ZodType | ResponseObject | null;
  /** Other answers than 200 and the refusals, by status (a 302). */
  more?: Record<string, ResponseObject>;
  refusals?: Refusals;
}

export const queryParam = (name: string, description?: string, required = false): Parameter => ({ name, in: 'query', required, schema: { type: 'string' }, ...(description ? { description } : {}) });
export const sellerParam = queryParam('_seller', 'Seller id or key; optional with one default seller.');
export const embedParam = queryParam('_embed', 'Comma-separated embed paths (dotted).');

/** A JSON answer of a contract schema. */
export const answer = (schema: z.ZodType, description = 'ok'): ResponseObject => ({ description, content: { 'application/json': { schema } } });
export const refusal = (description: string): ResponseObject => ({ description, content: { 'application/json': { schema: ZErrorEnvelope, io: 'input' } } });
export const refusals = (map: Refusals) => Object.fromEntries(Object.entries(map).map(([status, codes]) => [status, refusal(codes)]));

/** The catalog reads' refusals: the error envelope by reference to its component. */
const envelope = (description: string): ResponseObject => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });
export const CATALOG_ERRORS = { '400': envelope('Bad input'), '404': envelope('Not found') };

/** Query or header parameters as the object schema Fastify (and @fastify/swagger) expect. */
function objectOf(parameters: Parameter[]) {
  const properties = Object.fromEntries(parameters.map((p) => [p.name, p.description ? { ...p.schema, description: p.description } : p.schema]));
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The Fastify route schema documenting one operation. */
export function docs(o: Operation): FastifySchema {
  const query = (o.parameters ?? []).filter((p) => p.in === 'query');
  const headers = (o.parameters ?? []).filter((p) => p.in === 'header');
  return {
    summary: o.summary,
    ...(o.tags ? { tags: o.tags } : {}),
    ...(query.length ? { querystring: objectOf(query) } : {}),
    ...(headers.length ? { headers: objectOf(headers) } : {}),
    ...(o.body ? { body: o.body } : {}),
    response: {
      ...(o.ok === null ? {} : { '200': o.ok instanceof z.ZodType ? answer(o.ok) : (o.ok ?? { description: 'ok' }) }),
      ...o.more,
      ...refusals(o.refusals ?? {}),
    },
  };
}

/** A rate-limited POST with a validated body (the account calls; the giftee and resend calls, with the seller parameter). */
export const post = (summary: string, body: z.ZodType, ok: z.ZodType, more: Refusals = {}, parameters: Parameter[] = []) => docs({ summary, parameters, body, ok, refusals: { '400': 'validation_failed', '429': 'rate_limited (Retry-After)', ...more } });
