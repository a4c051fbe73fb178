import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInvariants } from './invariants.js';
import { emptyDatabase, report, startServer } from './server-process.js';
import { hotSession, Shopper } from './shopper.js';

/** A 16 MiB tmpfs of the test's own, or why there cannot be one (not root, no mount). */
function smallFilesystem(): { dir: string; unmount: () => void } | string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a small tmpfs here (${(error as Error).message.split('\n')[0]})`;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes zeros into `path` until the file system refuses (ENOSPC). */
function fillUp(path: string): number {
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // The last partial blocks too.
  const small = openSync(path, 'a');
  try {
    for (;;) written += writeSync(small, Buffer.alloc(512));
  } catch {
    // full
  } finally {
    closeSync(small);
  }
  return written;
}

const fs = smallFilesystem();
if (typeof fs === 'string') console.log(`[faults] disk full: skipped (${fs})`);

describe.skipIf(typeof fs === 'string')('the disk fills up under SQLite', () => {
  it('writes answer 503 with Retry-After, reads keep working, nothing is half-written, and it carries on once space returns', async () => {
    const { dir, unmount } = fs as { dir: string; unmount: () => void };
    const database = await emptyDatabase('sqlite', dir);
    const server = await startServer(database.url);
    const filler = join(dir, 'filler');
    try {
      const { add } = await hotSession(database.url);
      const { seeded } = await readInvariants(database.url);
      const shopper = () => new Shopper(server.base);
      const before = await shopper().call('POST', '/api/my/cart/modify', { add });
      expect(before.status).toBe(200);

      const filled = fillUp(filler);
      // Reserve until the log can grow no more (a WAL may still hold reusable pages at first).
      const writes: number[] = [];
      let refused: Awaited<ReturnType<Shopper['call']>> | null = null;
      for (let i = 0; i < 400 && !refused; i++) {
        const answer = await shopper().call('POST', '/api/my/cart/modify', { add });
        writes.push(answer.status);
        if (answer.status !== 200) refused = answer;
      }
      const reads = await Promise.all([shopper().call('GET', '/api/events/available'), shopper().call('GET', '/api/ready'), shopper().call('GET', `/api/events/${(await shopper().call('GET', '/api/events/available')).body?.event_template?._data?.[0]?.id}`)]);
      const moreRefusals = await Promise.all(Array.from({ length: 5 }, () => shopper().call('POST', '/api/my/cart/modify', { add })));

      unlinkSync(filler);
      const after = await Promise.all(Array.from({ length: 5 }, () => shopper().call('POST', '/api/my/cart/modify', { add })));
      const accepted = 1 + writes.filter((s) => s === 200).length + after.filter((a) => a.status === 200).length;
      const stillAlive = server.child.exitCode === null;
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
      const invariants = await readInvariants(database.url, seeded);
      report('disk full (SQLite)', {
        injected: `a 16 MiB tmpfs holding the database, filled with a ${filled}-byte file; reserves until refused; the file deleted`,
        'writes before the refusal (200)': writes.filter((s) => s === 200).length,
        refusal: refused && { status: refused.status, code: refused.body?._data?.[0]?._code, retryAfter: refused.retryAfter },
        'more writes while full': moreRefusals.map((a) => a.status),
        'reads while full': reads.map((a) => a.status),
        'writes after space returned': after.map((a) => a.status),
        'server restarted': !stillAlive,
        'reserves answered 200 vs live tickets': [accepted, invariants.counts.liveTickets],
        'capacity drift': invariants.capacityDrift,
      });
      expect(refused).toMatchObject({ status: 503, retryAfter: '5' });
      expect(refused!.body._data[0]._code).toBe('service_unavailable');
      expect(writes.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(moreRefusals.map((a) => a.status)).toEqual(Array(5).fill(503));
      expect(reads.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(after.map((a) => a.status)).toEqual(Array(5).fill(200));
      expect(stillAlive).toBe(true);
      // Nothing half-written: exactly the answered reserves hold tickets.
      expect(invariants.counts.liveTickets).toBe(accepted);
      expect(invariants.capacityDrift).toEqual([]);
    } finally {
      await server.kill();
      unmount();
    }
  }, 120_000);
});
