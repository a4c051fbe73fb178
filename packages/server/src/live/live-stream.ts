import type { ServerResponse } from 'node:http';
import type { LiveClient } from './live-hub.js';

/**
 * One server-sent events answer as the hub writes to it. A client that does not read (its unsent
 * bytes pass `bufferBytes`) is dropped — its socket destroyed — so one slow reader never grows the
 * server's memory (docs/live-availability.md).
 */
export function sseClient(res: ServerResponse, address: string, bufferBytes: number, onGone: () => void): LiveClient {
  let gone = false;
  const drop = () => {
    if (gone) return;
    gone = true;
    onGone();
  };
  res.on('close', drop);
  return {
    address,
    write(frame) {
      if (gone) return false;
      if (res.writableLength > bufferBytes) {
        drop();
        res.destroy();
        return false;
      }
      res.write(frame);
      return true;
    },
    end() {
      if (gone) return;
      drop();
      res.end();
    },
  };
}
