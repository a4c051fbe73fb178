import type { FastifyRequest } from 'fastify';

/** Links in e-mails carry secrets in the query (reset token, passcode): never log them. */
export function redactSecretsInUrl(url: string): string {
  return url.replace(/([?&](?:token|otp|password|code)=)[^&#]*/gi, '$1[redacted]');
}

/** The request as logged: Fastify's usual fields, with secrets in the query redacted. */
export function requestLogFields(request: FastifyRequest) {
  return { method: request.method, url: redactSecretsInUrl(request.url), host: request.host, remoteAddress: request.ip };
}
