import { performance } from 'node:perf_hooks';
import { mustExist } from '../must-exist.js';

/** Events whose last change time is remembered; past this the oldest is forgotten (and the floor moves to it). */
const REMEMBERED = 50_000;

/**
 * When each event last changed, as this process noticed it — for every event, watched or not — so
 * a stream's `ready` can say how long its event has been quiet (docs/live-availability.md): a page
 * whose reads are younger than that need not ask again. Before `knownSince` nothing is known (the
 * process started, its listener was lost, or an event was forgotten), so no event is quieter than
 * that. Monotonic clock: a wall-clock step must not make an event look quiet.
 */
export class ChangeTimes {
  /** In the order of their times (an update moves an event to the end): the first is the oldest. */
  private readonly last = new Map<string, number>();
  private knownSince: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.knownSince = now();
  }

  /** These events changed now (record it once the change's cached answers are dropped: a read after this sees it). */
  changed(eventIds: Iterable<string>) {
    const at = this.now();
    for (const id of eventIds) {
      this.last.delete(id);
      if (this.last.size >= REMEMBERED) {
        const [oldest, time] = mustExist(this.last.entries().next().value, 'the oldest remembered change');
        this.last.delete(oldest);
        this.knownSince = Math.max(this.knownSince, time);
      }
      this.last.set(id, at);
    }
  }

  /** Changes until now may have gone unheard: every event counts as changed now. */
  unknownUntilNow() {
    this.last.clear();
    this.knownSince = this.now();
  }

  /** Whole milliseconds since the event's last known change (or since changes are known at all). */
  quietMs(eventId: string): number {
    return Math.max(0, Math.floor(this.now() - Math.max(this.knownSince, this.last.get(eventId) ?? this.knownSince)));
  }
}
