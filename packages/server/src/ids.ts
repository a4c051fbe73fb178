import { v7 } from 'uuid';

/**
 * Time-ordered ids (UUIDv7). The library keeps them monotonic within the process (a counter within
 * the same millisecond), which the reads that order rows by id rely on (a cart's tickets, the door's
 * log, the outbox).
 */
export function uuidv7(): string {
  return v7();
}
