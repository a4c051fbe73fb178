import { AUTH_TEXT, ZPatchMe, ZRegister, ZUpdateMe, type TRegisterAnswer, ZRegisterAnswer, ZUserDocument, ZIdentityDocument } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { sessionOf, setSessionCookies } from '../auth/sessions.js';
import { AppError } from '../http/app-error.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery, type QuerySpec } from '../http/query.js';
import { readIdentity, readPublicIdentity } from '../identity/public-identity.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { registerUser } from './register-user.js';
import { updateMe } from './update-user.js';
import { userById } from './user.repository.js';
import { identityDocument, userDocument } from './user-document.js';
import { docs, post } from '../http/route-docs.js';

const USER_QUERY: QuerySpec = { embeds: ['identity', 'identity.meta', 'meta'] };

/** The logged-in user's id, or 401 not_authorized. */
function requireSession(request: FastifyRequest) {
  const session = sessionOf(request);
  if (!session) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, 'user');
  return session;
}

const REGISTER = post('Register (with a password: logged in at once)', ZRegister, ZRegisterAnswer, { '409': 'email_in_use (_extra.identity_id)' });
const ME = docs({ summary: 'The logged-in user (_embed=identity,identity.meta)', ok: ZUserDocument, refusals: { '401': 'not_authorized' } });
const UPDATE_ME = docs({
  summary: 'Change my details (names, e-mail, password; My profile: phone, address, address_more, city, country, state — null where the country has none — zip_code; 400 validation_failed _extra.fields by field)',
  body: ZUpdateMe,
  ok: ZUserDocument,
  refusals: { '400': 'validation_failed, incorrect_password', '401': 'not_authorized', '403': 'member_details_locked (prevent_membership_updates; _extra.fields)', '409': 'email_in_use' },
});
const PATCH_ME = docs({
  summary: 'Member update (name, e-mail, contact details, meta); answers the identity',
  body: ZPatchMe,
  ok: ZIdentityDocument,
  refusals: { '401': 'not_authorized', '403': 'scope_error, member_details_locked (prevent_membership_updates; _extra.fields)', '409': 'email_in_use' },
});

/** POST user, GET/PUT my/user, PATCH my/user/{id} (docs/accounts.md#calls). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const embedOf = (request: FastifyRequest) => parseQuery(request.query as Record<string, unknown>, USER_QUERY);

  app.post('/api/user', { schema: REGISTER }, async (request, reply) => {
    const body = parseBody(ZRegister, request.body, 'user');
    const query = embedOf(request);
    const seller = await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    const guest = await readPublicIdentity(db, request);
    const holder = await readIdentity(db, request);
    const { user, session } = await registerUser(db, { sellerId: seller.id, body, guestIdentityId: guest?.id ?? null, holderIdentityId: holder?.id ?? null, ip: request.ip, now: ctx.now() });
    if (session) setSessionCookies(request, reply, session.token, session.expiresAt);
    reply.header('cache-control', 'private, no-store');
    const answer: TRegisterAnswer = { ...(await userDocument(db, user, new Set(['identity', ...query.embed]), ctx.now())), session: session ? { expires_at: session.expiresAt } : null };
    return answer;
  });

  app.get('/api/my/user', { schema: ME }, async (request, reply) => {
    const session = requireSession(request);
    const query = embedOf(request);
    const user = await userById(db, session.userId);
    if (!user) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, 'user');
    reply.header('cache-control', 'private, no-store');
    return userDocument(db, user, query.embed, ctx.now());
  });

  app.put('/api/my/user', { schema: UPDATE_ME }, async (request, reply) => {
    const session = requireSession(request);
    const body = parseBody(ZUpdateMe, request.body, 'user');
    const query = embedOf(request);
    const user = await updateMe(db, { userId: session.userId, sessionId: session.id, body, now: ctx.now() });
    reply.header('cache-control', 'private, no-store');
    return userDocument(db, user, new Set(['identity', ...query.embed]), ctx.now());
  });

  app.patch<{ Params: { id: string } }>('/api/my/user/:id', { schema: PATCH_ME }, async (request, reply) => {
    const session = requireSession(request);
    const body = parseBody(ZPatchMe, request.body, 'user');
    const query = embedOf(request);
    if (request.params.id !== session.userId && request.params.id !== session.identityId) {
      throw new AppError(403, 'scope_error', 'You can only change your own details.', 'user');
    }
    const user = await updateMe(db, { userId: session.userId, sessionId: session.id, body, now: ctx.now() });
    reply.header('cache-control', 'private, no-store');
    return identityDocument(user, query.embed);
  });
}
