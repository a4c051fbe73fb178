import type { FastifyRequest } from 'fastify';

/** Links carry secrets and personal data in the query (reset token, passcode, manage key, member id and ZIP): never log them. */
export function redactSecretsInUrl(url: string): string {
  return url.replace(/([?&](?:token|otp|password|code|key|member_code|zip_code|login\.[a-z_]+)=)[^&#]*/gi, '$1[redacted]');
}

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[a-z]{2,}/gi;
/** JSON or form fields that hold names, addresses, passwords or free answers. */
const PERSONAL = /(["']?(?:password|current_password|first_name|last_name|admit_name|admit_email|email|username|phone|address|additional_info|zip_code|scan_code)["']?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|\{[^}]*\}|[^\s,&}]+)/gi;

/** Text from outside (a browser's error report) as it may be logged: e-mails, names, passwords and answers masked, secrets in URLs too. */
export function redactText(text: string): string {
  return redactSecretsInUrl(text).replace(PERSONAL, '$1[redacted]').replace(EMAIL, '[email]');
}

/** The request as logged: Fastify's usual fields, with secrets in the query redacted. */
export function requestLogFields(request: FastifyRequest) {
  return { method: request.method, url: redactSecretsInUrl(request.url), host: request.host, remoteAddress: request.ip };
}
