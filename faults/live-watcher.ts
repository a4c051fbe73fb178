/** One frame of a live stream as a watcher saw it: its `event:` and when it arrived. */
export interface LiveFrame {
  event: string;
  at: number;
}

/**
 * A page's live stream over real HTTP (`GET /api/events/{id}/live`, docs/live-availability.md),
 * as a browser's EventSource holds it: records each message's event and arrival time, and when the
 * server ends the stream (`closedAt`).
 */
export function watchLive(base: string, eventId: string) {
  const frames: LiveFrame[] = [];
  const controller = new AbortController();
  const state = { closedAt: null as number | null };
  const done = (async () => {
    const res = await fetch(`${base}/api/events/${eventId}/live`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    if (res.status !== 200 || !res.body) throw new Error(`live stream answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = /^event: ?(.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (event) frames.push({ event, at: Date.now() });
      }
    }
  })()
        .catch((error: unknown) => {
      if ((error as Error).name !== 'AbortError') frames.push({ event: `failed: ${(error as Error).message}`, at: Date.now() });
    })
    .finally(() => (state.closedAt ??= Date.now()));
  return {
    frames,
    state,
    /** The events seen since `from` (ms since the epoch), in order. */
    since: (from: number) => frames.filter((f) => f.at >= from).map((f) => f.event),
    async close() {
      controller.abort();
      await done;
    },
  };
}
