import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logDestination } from '../src/logging/log-destination.js';

/** A FIFO whose reader reads only when told: both ends non-blocking, like a log pipe nobody drains. */
function pipe() {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-log-'));
  const path = join(dir, 'fifo');
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  const drain = () => {
    let text = '';
    const buffer = Buffer.alloc(65536);
    for (;;) {
      try {
        const n = readSync(reader, buffer);
        if (n <= 0) break;
        text += buffer.subarray(0, n).toString();
      } catch {
        break; // EAGAIN: nothing more now
      }
    }
    return text;
  };
  return { writer, drain, close: () => { closeSync(reader); closeSync(writer); rmSync(dir, { recursive: true, force: true }); } };
}

describe('the log destination', () => {
  let close = () => {};
  afterEach(() => close());

  it('never blocks on a pipe nobody reads: lines beyond its buffer are dropped and counted, and said once the reader reads again', async () => {
    const p = pipe();
    close = p.close;
    const destination = logDestination(p.writer, 64 * 1024);
    const line = `${JSON.stringify({ level: 30, msg: 'x'.repeat(200) })}\n`;
    const started = Date.now();
    for (let i = 0; i < 2000; i++) destination.write(line); // ~420 KB: the pipe (64 KiB) and the buffer fill
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 1000; i++) destination.write(line);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(destination.dropped).toBeGreaterThan(1000);
    // A flush does not wait past its limit while nobody reads.
    const flushStarted = Date.now();
    await destination.flush(300);
    expect(Date.now() - flushStarted).toBeLessThan(1000);

    // The reader reads again: what was kept arrives whole, then one line with the count.
    let text = '';
    for (let i = 0; i < 100 && !(text.includes('log lines dropped') && text.endsWith('\n')); i++) {
      text += p.drain();
      await new Promise((r) => setTimeout(r, 60));
    }
    const lines = text.split('\n').filter(Boolean);
    expect(lines.every((l) => JSON.parse(l))).toBe(true);
    // A notice each time writing resumed after drops; together they count every dropped line.
    const notices = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => /log lines dropped/.test(l.msg));
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => n.level === 40)).toBe(true);
    expect(notices.reduce((sum, n) => sum + Number(/^(\d+)/.exec(n.msg)![1]), 0)).toBe(destination.dropped);
    expect(lines.length - notices.length + destination.dropped).toBe(3000);
  });
});
