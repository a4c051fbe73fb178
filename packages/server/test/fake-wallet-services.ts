import Fastify from 'fastify';
import type { Server } from 'node:net';
import type { PeerCertificate } from 'node:tls';
import { importSPKI, jwtVerify } from 'jose';
import type { FormFields } from './form-fields.js';

const urlOf = (app: { server: Pick<Server, 'address'> }) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/**
 * A local stand-in for APNs: HTTP/2 over TLS that asks for a client certificate, POST
 * /3/device/{token}. Records each push (token, topic, payload, the client certificate's subject
 * CN); answers 200, or the statuses queued in `failNext` first (a 503 APNs outage), or 410 for
 * tokens in `gone` (a device that removed the pass). Its own certificate is `tls`'s (self-made: the
 * test lets clients skip verifying it).
 */
export async function fakeApns(tls: { key: string; cert: string; passphrase?: string }) {
  const pushes: { token: string; topic: string; payload: string; clientCert: string }[] = [];
  const failNext: number[] = [];
  const gone = new Set<string>();
  const app = Fastify({ http2: true, https: { ...tls, requestCert: true, rejectUnauthorized: false } });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  app.post<{ Params: { token: string } }>('/3/device/:token', async (request, reply) => {
    // Node's getPeerCertificate: an empty object when the client sent no certificate, null once the socket is destroyed.
    const socket = request.raw.stream.session?.socket as { getPeerCertificate(): Partial<PeerCertificate> | null } | undefined;
    const clientCert = String(socket?.getPeerCertificate()?.subject?.CN ?? '');
    if (!clientCert) return reply.code(403).send({ reason: 'MissingProviderToken' });
    const status = failNext.shift();
    if (status) return reply.code(status).send({ reason: 'ServiceUnavailable' });
    if (gone.has(request.params.token)) return reply.code(410).send({ reason: 'Unregistered' });
    pushes.push({ token: request.params.token, topic: String(request.headers['apns-topic']), payload: String(request.body), clientCert });
    return reply.code(200).send();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: urlOf(app).replace('http:', 'https:'), pushes, failNext, gone, close: () => app.close() };
}

/**
 * A local stand-in for Google's OAuth token endpoint and the Wallet API: the token is given only
 * for a JWT bearer assertion signed by the service account's key (checked with its public key); a
 * PATCH of an event ticket object needs that token, is recorded, and answers 404 for an object never
 * saved (`saved` lists the ones that were). The assertion's times are checked at `now` (the app's clock).
 */
export async function fakeGoogleWallet(publicKeyPem: string, serviceAccountEmail: string, now: () => Date) {
  const patches: { id: string; body: Record<string, unknown> }[] = [];
  const saved = new Set<string>();
  const failNext: number[] = [];
  const TOKEN = 'fake-access-token';
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  app.post('/token', async (request, reply) => {
    const form = request.body as FormFields;
    if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return reply.code(400).send({ error: 'unsupported_grant_type' });
    try {
      const { payload } = await jwtVerify(form.assertion ?? '', await importSPKI(publicKeyPem, 'RS256'), { issuer: serviceAccountEmail, audience: `${urlOf(app)}/token`, currentDate: now() });
      if (payload.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer') throw new Error('scope');
    } catch {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    return { access_token: TOKEN, expires_in: 3599, token_type: 'Bearer' };
  });
  app.patch<{ Params: { id: string } }>('/walletobjects/v1/eventTicketObject/:id', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return reply.code(401).send({ error: { code: 401 } });
    const status = failNext.shift();
    if (status) return reply.code(status).send({ error: { code: status } });
    if (!saved.has(request.params.id)) return reply.code(404).send({ error: { code: 404, message: 'not found' } });
    patches.push({ id: request.params.id, body: request.body as Record<string, unknown> });
    return { id: request.params.id, ...(request.body as object) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = urlOf(app);
  return { url, tokenUrl: `${url}/token`, patches, saved, failNext, close: () => app.close() };
}
