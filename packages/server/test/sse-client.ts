import { request, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
  at: number;
}

/**
 * A real server-sent events reader over HTTP (what a browser's EventSource does): opens the URL,
 * parses frames as they arrive. `status` and `body` are set for a refusal.
 */
export class SseReader {
  messages: SseMessage[] = [];
  comments = 0;
  status = 0;
  body = '';
  ended = false;
  private res: IncomingMessage | null = null;
  private req: ReturnType<typeof request> | null = null;

  static open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const reader = new SseReader();
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        reader.res = res;
        reader.status = res.statusCode!;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          if (reader.status !== 200) return void (reader.body += chunk);
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            reader.frame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', () => (reader.ended = true));
        res.on('close', () => (reader.ended = true));
        if (reader.status !== 200) res.on('end', () => resolve(reader));
        else resolve(reader);
      });
      reader.req = req;
      req.on('error', reject);
      req.end();
    });
  }

  private frame(text: string) {
    const fields: Partial<Record<string, string>> = {};
    let isComment = true;
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) continue;
      isComment = false;
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
    }
    if (isComment) {
      this.comments++;
      return;
    }
    if (!fields.event && !fields.data) return; // retry: only
    this.messages.push({ id: fields.id, event: fields.event ?? 'message', data: fields.data ? JSON.parse(fields.data) : null, at: Date.now() });
  }

  /** Waits until a message (after the first `from`) passes `test`, at most `ms`. */
  async next(test: (m: SseMessage) => boolean, ms = 3_000, from = 0): Promise<SseMessage> {
    const started = Date.now();
    for (;;) {
      const found = this.messages.slice(from).find(test);
      if (found) return found;
      if (Date.now() - started > ms) throw new Error(`no matching message within ${ms} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async untilEnded(ms = 3_000) {
    const started = Date.now();
    while (!this.ended && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 20));
    return this.ended;
  }

  close() {
    this.req?.destroy();
    this.res?.destroy();
  }
}
