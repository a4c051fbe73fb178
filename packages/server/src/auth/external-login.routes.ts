import { ZExternalLoginCallback, ZExternalLoginStart, type TLoginProviders, ZLoginProviders, ZExternalLoginUrl, ZLoginAnswer } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { list } from '../http/envelope.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery } from '../http/query.js';
import { readPublicIdentity } from '../identity/public-identity.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { clearFlow, readFlow, writeFlow } from './external-login-cookie.js';
import { finishExternalLogin } from './finish-external-login.js';
import { loginAnswer } from './login-answer.js';
import { oidcProvider } from './oidc-client.js';
import { sessionOf } from './sessions.js';
import { startExternalLogin } from './start-external-login.js';
import { ACCOUNT_QUERY } from './account-query.js';
import { docs, post } from '../http/route-docs.js';

/** Only in-app paths are remembered for after the login (never another origin). */
const safePath = (path: string | undefined) => (path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null);

const PROVIDERS = docs({ summary: 'External identity providers (OpenID Connect) for the login button', ok: ZLoginProviders });
const START = post('Start an OpenID Connect login: the authorize URL; sets the foyer_oidc cookie (state, nonce, PKCE)', ZExternalLoginStart, ZExternalLoginUrl, {
  '404': 'not_configured',
  '503': 'provider_unavailable',
});
const CALLBACK = post('Finish an OpenID Connect login with the code and state sent to /auth0-callback; answers like POST login', ZExternalLoginCallback, ZLoginAnswer, {
  '400': 'invalid_state, validation_failed',
  '401': 'not_authorized',
  '404': 'not_configured',
  '503': 'provider_unavailable',
});

/**
 * External identity-provider login through OpenID Connect (docs/accounts.md#web-screens /auth0-login and its callback):
 * GET login/providers, POST auth0/start → the provider's authorize URL, POST auth0/callback with
 * the code and state the provider sent to /auth0-callback.
 */
export function registerExternalLoginRoutes(app: FastifyInstance, ctx: AppContext) {
  const provider = ctx.settings.oidc ? oidcProvider(ctx.settings.oidc, ctx.settings.publicUrl) : null;
  const configured = () => {
    if (!provider) throw new AppError(404, 'not_configured', 'Login with an identity provider is not set up.', 'auth0');
    return provider;
  };

  app.get('/api/login/providers', { schema: PROVIDERS }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=300');
    const answer: TLoginProviders = { login_provider: list(provider ? [{ id: 'oidc', label: provider.settings.label }] : []) };
    return answer;
  });

  app.post('/api/auth0/start', { schema: START }, async (request, reply) => {
    const body = parseBody(ZExternalLoginStart, request.body ?? {}, 'auth0');
    const { url, flow } = await startExternalLogin(configured(), { redirectPath: safePath(body.redirectPath), now: ctx.now() });
    writeFlow(request, reply, flow);
    reply.header('cache-control', 'private, no-store');
    return { url };
  });

  app.post('/api/auth0/callback', { schema: CALLBACK }, async (request, reply) => {
    const body = parseBody(ZExternalLoginCallback, request.body, 'auth0');
    const oidc = configured();
    const query = parseQuery(request.query as Record<string, unknown>, ACCOUNT_QUERY);
    const seller = await resolveSeller(ctx.db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    const flow = readFlow(request);
    // The flow is single use: whatever the outcome, its cookie goes.
    clearFlow(request, reply);
    const guest = await readPublicIdentity(ctx.db, request);
    const result = await finishExternalLogin(ctx.db, oidc, {
      sellerId: seller.id,
      flow,
      code: body.code,
      state: body.state,
      iss: body.iss,
      cartId: body.cart_id,
      guestIdentityId: guest?.id ?? null,
      previousSessionId: sessionOf(request)?.id ?? null,
      ip: request.ip,
      now: ctx.now(),
    });
    return loginAnswer(request, reply, result, query.embed, result.redirectPath, { db: ctx.db, now: ctx.now() });
  });
}
