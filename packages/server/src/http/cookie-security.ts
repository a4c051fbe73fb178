import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether cookies carry `Secure`: FOYER_PUBLIC_URL is https (see settings.ts). */
    secureCookies: boolean;
  }
}

/**
 * `Secure` follows the public URL, not the request's protocol: behind a TLS-terminating proxy the
 * request arrives over http, and trusting X-Forwarded-Proto would tie cookies to the proxy setting.
 */
export function decorateCookieSecurity(app: FastifyInstance, publicUrl: string, secure?: boolean) {
  app.decorate('secureCookies', secure ?? publicUrl.startsWith('https://'));
}

export const secureCookies = (request: FastifyRequest): boolean => request.server.secureCookies;
