import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | null;
}

/**
 * A real SMTP server on a free local port (or `port`), keeping what it receives. While
 * `state.tempFail` is set it answers every MAIL FROM with 451 ("try again later"), like a
 * server that is overloaded or greylisting.
 */
export async function localSmtp(options: { auth?: { user: string; pass: string }; rejectRcpt?: string; port?: number; tempFail?: boolean } = {}) {
  const received: Received[] = [];
  const state = { tempFail: options.tempFail ?? false, tempFailed: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) { callback(null, { user: auth.username }); return; }
      callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, callback) {
      if (!state.tempFail) { callback(); return; }
      state.tempFailed++;
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRcpt && address.address === options.rejectRcpt) { callback(new Error('Mailbox unavailable')); return; }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: (session.user as string | undefined) ?? null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
