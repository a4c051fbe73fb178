import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOpenApi } from '../src/openapi.js';
import { registerErrorHandler } from '../src/http/error-handler.js';
import { parseBody } from '../src/http/parse-body.js';
import { readRoute } from '../src/http/read-route.js';
import { docs, queryParam, sellerParam } from '../src/http/route-docs.js';
import { dialects, postJson, testApp, type TestApp } from './harness.js';

/**
 * /api/openapi.json is generated from the routes' own `schema` (docs/api.md#how-the-document-is-made): the
 * schema documents, and changes neither what a route accepts nor what it answers.
 */
const ZThing = z.object({ name: z.string().min(2) });
const ZThingAnswer = z.object({ thing: z.object({ name: z.string() }) });

async function appWithOneRoute(): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app);
  app.post(
    '/api/things/:id',
    { schema: docs({ summary: 'Make a thing', parameters: [sellerParam, queryParam('key', 'a key', true)], body: ZThing, ok: ZThingAnswer, refusals: { '400': 'validation_failed' } }) },
    (request) => Promise.resolve({ thing: parseBody(ZThing, request.body, 'thing'), extra: 'not in the schema', raw: request.body }),
  );
  readRoute(app, '/things', () => Promise.resolve({ thing: [] }), { schema: docs({ summary: 'Things (cacheable)', ok: ZThingAnswer }) });
  app.get('/api/undocumented', () => Promise.resolve({ ok: true }));
  await app.ready();
  return app;
}

describe('route docs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithOneRoute();
  });
  afterAll(() => app.close());

  it('documents a route from its schema: path without /api, query and path parameters, zod body and answers in JSON Schema', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const op = doc.paths['/things/{id}'].post;
    expect(op.summary).toBe('Make a thing');
    expect(op.parameters).toEqual(
      expect.arrayContaining([
        { in: 'query', name: 'key', required: true, schema: { type: 'string' }, description: 'a key' },
        { in: 'query', name: '_seller', required: false, schema: { type: 'string' }, description: 'Seller id or key; optional with one default seller.' },
        { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
      ]),
    );
    // The body as accepted (input), the answer as sent (output: strict objects), refusals in the error envelope.
    expect(op.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] } } } });
    expect(op.responses['200'].content['application/json'].schema.additionalProperties).toBe(false);
    expect(op.responses['400'].description).toBe('validation_failed');
    expect(op.responses['400'].content['application/json'].schema.properties._data.type).toBe('array');
    expect(Object.keys(doc.components.schemas)).toContain('ErrorEnvelope');
  });

  it('lists the /api read and not its /cached_api twin, nor a route without docs', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).sort()).toEqual(['/openapi.json', '/things', '/things/{id}']);
    expect(doc.paths['/things'].get.summary).toBe('Things (cacheable)');
    expect((await app.inject({ method: 'GET', url: '/cached_api/things' })).statusCode).toBe(200);
  });

  it('validates nothing itself: a bad body reaches the handler, which refuses it in the error envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/things/1', payload: { name: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()._data[0]).toMatchObject({ _code: 'validation_failed', _context: 'thing' });
  });

  it('answers whole, fields the documented answer lacks included (no schema serializer drops them)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/things/1', payload: { name: 'ab', more: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ thing: { name: 'ab' }, extra: 'not in the schema', raw: { name: 'ab', more: 1 } });
  });
});

describe.each(dialects())('the app with its documented routes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it("refuses a bad body as before: the handler's validation_failed, not a schema error", async () => {
    const { status, body } = await postJson(t.app, '/api/client_error', { source: 42 });
    expect(status).toBe(400);
    expect(body._data[0]).toMatchObject({ _code: 'validation_failed', _context: 'client_error' });
  });
});
