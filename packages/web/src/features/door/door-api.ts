import type { TDoorEntry, TDoorLogLine, TDoorOrder, TDoorQueuedScan, TDoorResult, TDoorSession, TDoorStatus, TDoorSynced } from '@foyer/contracts';
import { DOOR_API } from './door-auth.js';

/** The door's calls (docs/door.md). A network failure is `DoorOffline`; a refusal, `DoorRefused`. */
export class DoorOffline extends Error {}
export class DoorRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

const TIMEOUT_MS = 4000;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${DOOR_API}${path}`, {
      method,
      headers: { app: 'ecomm', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      cache: 'no-store',
    });
  } catch {
    throw new DoorOffline();
  }
  if (res.status >= 500) throw new DoorOffline();
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // The error envelope (docs/api.md#errors), when the answer has one.
    const entry = (json as { _data?: ({ _code?: string; _description?: string } | undefined)[] } | null)?._data?.[0];
    throw new DoorRefused(res.status, entry?._code ?? 'unexpected_response', entry?._description ?? res.statusText);
  }
  return json as T;
}

const session = (id: string) => `/sessions/${encodeURIComponent(id)}`;

export const doorApi = {
  sessions: () => call<{ door_session: { _data: TDoorSession[] } }>('GET', '/sessions').then((r) => r.door_session._data),
  list: (id: string) => call<{ door_entry: { _data: TDoorEntry[] }; downloaded_at: string }>('GET', `${session(id)}/list`).then((r) => ({ entries: r.door_entry._data, downloadedAt: r.downloaded_at })),
  status: (id: string) => call<{ door_status: TDoorStatus }>('GET', `${session(id)}/status`).then((r) => r.door_status),
  scan: (id: string, scanCode: string) => call<{ door_scan: TDoorResult }>('POST', `${session(id)}/scan`, { scan_code: scanCode }).then((r) => r.door_scan),
  undo: (id: string, scanId: string) => call<{ door_status: TDoorStatus }>('POST', `${session(id)}/undo`, { scan_id: scanId }).then((r) => r.door_status),
  lookup: (id: string, q: string) => call<{ door_order: { _data: TDoorOrder[] } }>('GET', `${session(id)}/lookup?q=${encodeURIComponent(q)}`).then((r) => r.door_order._data),
  admit: (id: string, ticketIds: string[]) => call<{ door_scan: { _data: TDoorResult[] } }>('POST', `${session(id)}/admit`, { ticket_ids: ticketIds }).then((r) => r.door_scan._data),
  sync: (id: string, scans: TDoorQueuedScan[]) => call<{ door_sync: { _data: TDoorSynced[] } }>('POST', `${session(id)}/sync`, { scans }).then((r) => r.door_sync._data),
};

export type { TDoorLogLine };
