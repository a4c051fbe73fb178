import Fastify, { type FastifyInstance } from 'fastify';

/** A local stand-in for a captcha provider's siteverify endpoint: 'good' passes, anything else fails. */
export async function fakeSiteVerify() {
  const seen: Record<string, string>[] = [];
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  app.post('/siteverify', (request) => {
    const form = request.body as Record<string, string>;
    seen.push(form);
    return { success: form.secret === 'captcha-secret' && form.response === 'good' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`, seen, close: () => app.close() };
}
