import { describe, expect, it } from 'vitest';
import { ChangeTimes } from '../src/live/change-times.js';

/** How long an event has been quiet, as a stream's `ready` says it (docs/live-availability.md). */
describe('change times', () => {
  it('counts from the start, from a change, and from a resync', () => {
    let now = 1_000;
    const times = new ChangeTimes(() => now);
    now = 5_000;
    expect(times.quietMs('a')).toBe(4_000);
    times.changed(['a']);
    now = 5_300.7;
    expect([times.quietMs('a'), times.quietMs('b')]).toEqual([300, 4_300]);
    times.unknownUntilNow();
    now = 5_400.7;
    expect([times.quietMs('a'), times.quietMs('b')]).toEqual([100, 100]);
  });

  it('forgets the oldest event past its bound, and no event is then quieter than that one was', () => {
    let now = 0;
    const times = new ChangeTimes(() => now);
    for (let i = 0; i < 50_000; i++) {
      now = i + 1;
      times.changed([`e${i}`]);
    }
    now = 100_000;
    times.changed(['e0']); // moved to the newest: nothing forgotten
    expect(times.quietMs('never')).toBe(100_000);
    times.changed(['new']); // e1 (changed at 2) is forgotten
    expect(times.quietMs('e1')).toBe(100_000 - 2);
    expect(times.quietMs('never')).toBe(100_000 - 2);
    expect(times.quietMs('e2')).toBe(100_000 - 3);
    expect(times.quietMs('e0')).toBe(0);
  });
});
