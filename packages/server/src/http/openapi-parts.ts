import { z } from 'zod';
import { ZErrorEnvelope } from '@foyer/contracts';

/** Building blocks of the OpenAPI paths (openapi.ts and the areas' openapi-paths.ts), from the contracts. */
export const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) } });
export const answer = (schema: z.ZodType, description = 'ok') => ({ description, content: { 'application/json': { schema: z.toJSONSchema(schema, { unrepresentable: 'any' }) } } });
export const refusal = (description: string) => ({ description, content: json(ZErrorEnvelope) });
/** Status -> the error codes (`_data[0]._code`) the call can answer with. */
export type Refusals = Record<string, string>;
export const refusals = (map: Refusals) => Object.fromEntries(Object.entries(map).map(([status, codes]) => [status, refusal(codes)]));

export const pathParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
export const sellerParam = { name: '_seller', in: 'query', schema: { type: 'string' }, description: 'Seller id or key; optional with one default seller.' };
export const embedParam = { name: '_embed', in: 'query', schema: { type: 'string' }, description: 'Comma-separated embed paths (dotted).' };

export interface Operation {
  summary: string;
  parameters?: object[];
  body?: z.ZodType;
  /** The 200 answer: a contract schema, or a ready response object (images, untyped answers). */
  ok?: z.ZodType | { description: string; content?: object };
  refusals?: Refusals;
}

export const operation = (o: Operation) => ({
  summary: o.summary,
  ...(o.parameters?.length ? { parameters: o.parameters } : {}),
  ...(o.body ? { requestBody: { required: true, content: json(o.body) } } : {}),
  responses: { '200': o.ok instanceof z.ZodType ? answer(o.ok) : (o.ok ?? { description: 'ok' }), ...refusals(o.refusals ?? {}) },
});

/** A rate-limited POST with a validated body (the account calls). */
export const post = (summary: string, body: z.ZodType, ok: z.ZodType, more: Refusals = {}) => ({
  post: operation({ summary, body, ok, refusals: { '400': 'validation_failed', '429': 'rate_limited (Retry-After)', ...more } }),
});
