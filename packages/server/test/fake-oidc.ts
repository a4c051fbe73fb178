import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { requiredField, type FormFields } from './form-fields.js';

/**
 * A local OpenID Connect provider for tests: discovery document, JWKS, an authorize endpoint
 * that "logs in" the user the test chose and redirects back with a code, and a token endpoint
 * that checks the code, redirect URI, client and PKCE verifier and issues an RS256 id_token.
 * `tamper` makes the next id_token wrong in one way, to prove the client checks it.
 */
export interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export type Tamper = 'nonce' | 'audience' | 'signature' | 'issuer' | 'expired' | null;

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  user: FakeUser;
  used: boolean;
}

export interface FakeOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  user: FakeUser;
  tamper: Tamper;
  /** Token requests seen (to assert PKCE and client authentication). */
  tokenRequests: FormFields[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export async function startFakeOidc(options: { clientId?: string; clientSecret?: string; port?: number; endSession?: boolean } = {}): Promise<FakeOidc> {
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  const keys = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const state: FakeOidc = {
    issuer: '',
    clientId: options.clientId ?? 'foyer-test',
    clientSecret: options.clientSecret ?? 'fake-secret',
    user: { sub: 'user-1', email: 'sso@example.com', email_verified: true, given_name: 'Sso', family_name: 'User' },
    tamper: null,
    tokenRequests: [],
    close: () => app.close(),
  };

  app.get('/.well-known/openid-configuration', () => ({
    issuer: state.issuer,
    authorization_endpoint: `${state.issuer}/authorize`,
    token_endpoint: `${state.issuer}/token`,
    jwks_uri: `${state.issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
    scopes_supported: ['openid', 'email', 'profile'],
    // RP-initiated logout, unless the test wants a provider without it.
    ...(options.endSession === false ? {} : { end_session_endpoint: `${state.issuer}/logout` }),
  }));

  app.get('/jwks', () => Promise.resolve({ keys: [jwk] }));

  app.get('/authorize', async (request, reply) => {
    const q = request.query as FormFields;
    if (q.client_id !== state.clientId) return reply.code(400).send({ error: 'invalid_client' });
    if (q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !q.code_challenge) return reply.code(400).send({ error: 'invalid_request' });
    if (!q.scope?.split(' ').includes('openid')) return reply.code(400).send({ error: 'invalid_scope' });
    const code = b64url(randomBytes(24));
    const redirectUri = requiredField(q, 'redirect_uri');
    grants.set(code, { clientId: q.client_id, redirectUri, challenge: q.code_challenge, nonce: q.nonce ?? null, user: { ...state.user }, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', requiredField(q, 'state'));
    return reply.redirect(back.href, 302);
  });

  app.post('/token', async (request, reply) => {
    const body = request.body as FormFields;
    state.tokenRequests.push(body);
    const grant = body.code === undefined ? undefined : grants.get(body.code);
    const bad = (error: string) => reply.code(400).send({ error });
    if (body.grant_type !== 'authorization_code') return bad('unsupported_grant_type');
    if (body.client_id !== state.clientId || body.client_secret !== state.clientSecret) return reply.code(401).send({ error: 'invalid_client' });
    if (!grant || grant.used) return bad('invalid_grant');
    grant.used = true;
    if (grant.redirectUri !== body.redirect_uri) return bad('invalid_grant');
    const challenge = b64url(createHash('sha256').update(body.code_verifier ?? '').digest());
    if (challenge !== grant.challenge) return bad('invalid_grant');
    const now = Math.floor(Date.now() / 1000);
    const tamper = state.tamper;
    state.tamper = null;
    const claims: Record<string, unknown> = { ...grant.user, nonce: tamper === 'nonce' ? 'another-nonce' : grant.nonce };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(tamper === 'issuer' ? 'https://evil.example' : state.issuer)
      .setAudience(tamper === 'audience' ? 'someone-else' : state.clientId)
      .setSubject(grant.user.sub)
      .setIssuedAt(tamper === 'expired' ? now - 7200 : now)
      .setExpirationTime(tamper === 'expired' ? now - 3600 : now + 300)
      .sign(tamper === 'signature' ? rogue.privateKey : keys.privateKey);
    return { access_token: b64url(randomBytes(16)), token_type: 'Bearer', expires_in: 300, id_token: idToken };
  });

  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  state.issuer = address.replace('localhost', '127.0.0.1');
  return state;
}
