import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint, with fsyncs) on the
 * commit that crosses 1000 pages: a stall of the event loop that every request queued behind that
 * commit waits out. Instead the main connection never checkpoints (wal_autocheckpoint = 0) and a
 * worker thread with its own connection does, every `everyMs`, in PASSIVE mode: it never blocks
 * the writer, and the log is reused from its start once a checkpoint has caught up.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message)); }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** `fallBack` hands checkpoints back to the main connection should the worker die. */
export function startCheckpointer(path: string, fallBack: () => void, everyMs = 500): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path, everyMs } });
  let stopping = false;
  worker.on('message', (message: string) => console.warn(`[foyer] WAL checkpoint failed: ${message}`));
  worker.on('error', (error) => console.warn(`[foyer] WAL checkpoint worker failed: ${error.message}`));
  worker.on('exit', () => {
    if (!stopping) fallBack();
  });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        // Referenced again while stopping: else a process with nothing else to do (the CLI) exits
        // before the worker does, with the close still awaited.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
