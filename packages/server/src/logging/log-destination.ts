import { write } from 'node:fs';

/** How long to wait before writing again when the reader of the log is not reading (EAGAIN). */
const RETRY_MS = 50;

export interface LogDestination {
  /** Called by the logger with one serialised line; never blocks, never throws. */
  write(line: string): void;
  /** Lines thrown away so far because the reader stopped reading and the buffer was full. */
  readonly dropped: number;
  /** Resolves when what is buffered is written, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
}

/**
 * The log's destination (docs/deploy.md "What Foyer survives"): writes to a file descriptor
 * without ever blocking the event loop. A reader that stops reading (a full pipe: EAGAIN) makes
 * lines wait in a bounded buffer, retried on a timer; beyond `maxBufferedBytes` new lines are
 * dropped and counted, and when writing resumes a line says how many were lost.
 * pino's own synchronous writer instead sleeps in Atomics.wait until the write succeeds, which
 * froze the process, its requests and its shutdown limit with it.
 */
export function logDestination(fd: number, maxBufferedBytes = 4 * 1024 * 1024): LogDestination {
  let queue: string[] = [];
  let queuedBytes = 0;
  let pending: Buffer | null = null;
  let dropped = 0;
  let reported = 0;
  let waiters: Array<() => void> = [];

  const settle = () => {
    if (pending || queue.length) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const pump = () => {
    if (pending) return;
    if (dropped > reported) {
      queue.push(`${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped - reported} log lines dropped: the reader of the log did not read` })}\n`);
      reported = dropped;
    }
    if (!queue.length) { settle(); return; }
    pending = Buffer.from(queue.join(''));
    queue = [];
    queuedBytes = 0;
    attempt(pending);
  };
  /** Writes the pending chunk (`pending` is `chunk` until it is written or dropped). */
  const attempt = (chunk: Buffer) => {
    write(fd, chunk, (error, written) => {
      if (error) {
        const code = (error).code;
        if (code === 'EAGAIN' || code === 'EBUSY') {
          setTimeout(() => attempt(chunk), RETRY_MS).unref();
          return;
        }
        // The reader is gone (EPIPE, EBADF): nothing more can be written; keep counting.
        dropped += 1;
        pending = null;
        queue = [];
        queuedBytes = 0;
        reported = dropped;
        settle(); return;
      }
      pending = written < chunk.length ? chunk.subarray(written) : null;
      if (pending) attempt(pending);
      else pump();
    });
  };

  return {
    write(line: string) {
      const bytes = Buffer.byteLength(line);
      if (queuedBytes + bytes > maxBufferedBytes) {
        dropped += 1;
        return;
      }
      queue.push(line);
      queuedBytes += bytes;
      pump();
    },
    get dropped() {
      return dropped;
    },
    flush(timeoutMs: number) {
      if (!pending && !queue.length) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
