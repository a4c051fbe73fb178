import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp, type TestApp } from './harness.js';
import type { OpenApiPaths } from './openapi-document.js';

/** Stripe settings, so the webhook route (registered only with Stripe) is enumerated too. */
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

/**
 * Every method+path of Fastify's route tree (printRoutes with commonPrefix false: one node per
 * registered path, children indented 4 columns and named by the rest of their path).
 */
function routesOf(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const path = (depth ? stack[depth - 1] : '') + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    // The method group is optional: a node without its own methods has none.
    for (const method of m.at(3)?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/** An /api route as the document names it: without the /api server prefix, `:param` as `{param}`. */
const documented = (path: string) => path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('sqlite', { env: STRIPE_ENV });
  });
  afterAll(() => t.close());

  it('reads the route tree, nested paths and parameters included', () => {
    const tree = ['├── /api/a/:id (GET, HEAD, DELETE)', '│   ├── /x (POST)', '│   └── /y/:n (GET)', '└── /b (PUT)'].join('\n');
    expect(routesOf(tree)).toEqual([
      { method: 'GET', path: '/api/a/:id' },
      { method: 'HEAD', path: '/api/a/:id' },
      { method: 'DELETE', path: '/api/a/:id' },
      { method: 'POST', path: '/api/a/:id/x' },
      { method: 'GET', path: '/api/a/:id/y/:n' },
      { method: 'PUT', path: '/b' },
    ]);
  });

  it('documents every method and path the app registers under /api', async () => {
    const { status, body } = await getJson(t.app, '/api/openapi.json');
    expect(status).toBe(200);
    const paths = body.paths as OpenApiPaths;
    const api = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.path.startsWith('/api/') && r.method !== 'HEAD');
    // The calls of this task are among them: a broken tree reading must not pass with a short list.
    expect(api.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/my/cart/:id/modify', 'DELETE /api/cart/:id', 'POST /api/payments/stripe/webhook', 'GET /api/ledger/:ledgerType/:number', 'GET /api/ticket_order/:id/qrcode']),
    );
    const missing = api.filter((r) => !paths[documented(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${documented(r.path)}`);
    expect(missing).toEqual([]);
  });

  it('lists nothing the app does not serve', async () => {
    const { body } = await getJson(t.app, '/api/openapi.json');
    const served = new Set(routesOf(t.app.printRoutes({ commonPrefix: false })).map((r) => `${r.method} ${documented(r.path)}`));
    const extra = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`).filter((call) => !served.has(call)),
    );
    expect(extra).toEqual([]);
  });

  it('describes the cart, checkout and order calls from the contracts, with their error codes', async () => {
    const { body } = await getJson(t.app, '/api/openapi.json');
    const modify = body.paths['/my/cart/{id}/modify'].post;
    expect(modify.requestBody.content['application/json'].schema.properties).toHaveProperty('add');
    expect(modify.responses['200'].content['application/json'].schema.properties.cart.properties._data.type).toBe('array');
    expect(modify.responses['410'].description).toContain('cart_expired');
    expect(modify.responses['409'].content['application/json'].schema.properties._data.type).toBe('array');
    const pay = body.paths['/cart/{id}/pay'].post;
    expect(pay.requestBody.content['application/json'].schema.properties.gateway_id.enum).toEqual(['free', 'demo', 'ledger', 'stripe']);
    expect(pay.responses['402'].description).toContain('card_declined');
    expect(body.paths['/my/cart/{id}/gift_checkout'].post.responses['401'].description).toBe('not_authorized');
    expect(body.paths['/ticket_order/{id}/qrcode'].get.responses['200'].content).toHaveProperty('image/png');
  });
});
