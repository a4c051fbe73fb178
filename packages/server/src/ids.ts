import { v7 } from 'uuid';
import { pooledRandomBytes } from './random-pool.js';

/**
 * Time-ordered ids (UUIDv7), monotonic within the process: within the same millisecond a counter
 * (started at random) goes up, as the library does for its own ids; the reads that order rows by id
 * rely on it (a cart's tickets, the door's log, the outbox). The random bits come from the pooled
 * source (random-pool.ts), not one system call per id (docs/performance.md#reserve).
 */
const state = { msecs: -Infinity, seq: 0 };

export function uuidv7(): string {
  const random = pooledRandomBytes(16);
  const now = Date.now();
  if (now > state.msecs) {
    // The library's start of the counter within a millisecond: 31 random bits.
    state.seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
    state.msecs = now;
  } else {
    state.seq = (state.seq + 1) | 0;
    // The counter wrapped: borrow the next millisecond (as the library does).
    if (state.seq === 0) state.msecs++;
  }
  return v7({ random, msecs: state.msecs, seq: state.seq });
}
