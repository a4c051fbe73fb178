import { randomFillSync } from 'node:crypto';

/**
 * Cryptographically random bytes handed out from a pool filled 16 KB at a time, instead of one
 * system call per id or token (the reserve path made three per request; docs/performance.md#reserve).
 * Each byte is handed out once. The answer is a view of the pool: use it at once (encode it, read
 * it into an id) — a later refill overwrites it.
 */
const POOL_BYTES = 16 * 1024;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + size);
  offset += size;
  return bytes;
}
