import { randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';

/**
 * Time-ordered ids (UUIDv7, monotonic within the process). The library's default source refills
 * eight random words at a time, one getrandom call every few ids; on the reserve path (three ids a
 * request) that showed up in profiles. A larger buffer makes it one call per few hundred ids.
 */
const words = new Uint32Array(1024);
let cursor = words.length;
const generator = new V7Generator({
  nextUint32() {
    if (cursor === words.length) {
      randomFillSync(words);
      cursor = 0;
    }
    return words[cursor++];
  },
});

export function uuidv7(): string {
  return generator.generate().toString();
}
