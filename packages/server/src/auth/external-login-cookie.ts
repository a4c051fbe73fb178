import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from '../http/cookie-security.js';

/**
 * The external login in flight: state, nonce and the PKCE verifier (plus where to go after), kept
 * in a short-lived httpOnly cookie between the start and the callback. Only the API reads it.
 */
export const OIDC_FLOW_COOKIE = 'foyer_oidc';
export const OIDC_FLOW_TTL_S = 10 * 60;

export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
  redirectPath: string | null;
  /** ms since epoch: the flow is refused after OIDC_FLOW_TTL_S even if the cookie survives. */
  started: number;
}

const options = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'lax' as const, path: '/api/auth0', secure: secureCookies(request) });

export function writeFlow(request: FastifyRequest, reply: FastifyReply, flow: OidcFlow) {
  reply.setCookie(OIDC_FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), { ...options(request), maxAge: OIDC_FLOW_TTL_S });
}

/** A flow value as written by the login start: a short non-empty string. */
const usable = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length < 200;

export function readFlow(request: FastifyRequest): OidcFlow | null {
  const raw = request.cookies[OIDC_FLOW_COOKIE];
  if (!raw || raw.length > 2000) return null;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<OidcFlow>;
    const { state, nonce, verifier } = flow;
    if (!usable(state) || !usable(nonce) || !usable(verifier) || typeof flow.started !== 'number') return null;
    return { state, nonce, verifier, redirectPath: typeof flow.redirectPath === 'string' ? flow.redirectPath : null, started: flow.started };
  } catch {
    return null;
  }
}

export function clearFlow(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(OIDC_FLOW_COOKIE, options(request));
}
