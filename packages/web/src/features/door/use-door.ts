import type { TDoorResult, TDoorSession, TDoorStatus, TDoorSynced } from '@foyer/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DoorOffline, doorApi } from './door-api.js';
import { clientId, decideOffline, queuedScans, saveList, savedList, saveQueue, type DoorList } from './offline-door.js';

const STATUS_EVERY_MS = 5000;
const LIST_EVERY_MS = 60_000;

export interface DoorCheck {
  result: TDoorResult;
  offline: boolean;
}

/**
 * The scanning screen's state for one session (docs/door.md): online, each scan goes to the
 * server; offline (the browser says so, or a call fails), scans are decided against the list and
 * admissions queued; when the connection returns the queue is sent and conflicts kept to show.
 */
export function useDoor(session: TDoorSession) {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [list, setList] = useState<DoorList | null>(() => savedList(session.id));
  const [queue, setQueue] = useState(() => queuedScans(session.id));
  const [status, setStatus] = useState<TDoorStatus | null>(null);
  const [conflicts, setConflicts] = useState<TDoorSynced[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [me, setMe] = useState<string | null>(null);
  const [lastAdmission, setLastAdmission] = useState<string | null>(null);
  // The latest list and queue, for the timers' and the scanner's calls made between renders.
  const listRef = useRef(list);
  const queueRef = useRef(queue);
  useLayoutEffect(() => {
    listRef.current = list;
    queueRef.current = queue;
  }, [list, queue]);

  const wentOffline = useCallback(() => setOnline(false), []);

  const refresh = useCallback(async () => {
    try {
      setStatus(await doorApi.status(session.id));
      // An answer that was on its way when the browser went offline does not say it is back.
      setOnline(navigator.onLine);
    } catch (error) {
      if (error instanceof DoorOffline) wentOffline();
    }
  }, [session.id, wentOffline]);

  const download = useCallback(async () => {
    try {
      const fresh = await doorApi.list(session.id);
      const next = { sessionId: session.id, downloadedAt: fresh.downloadedAt, entries: fresh.entries };
      saveList(next);
      setList(next);
    } catch (error) {
      if (error instanceof DoorOffline) wentOffline();
    }
  }, [session.id, wentOffline]);

  const sync = useCallback(async () => {
    const pending = queueRef.current;
    if (!pending.length) return;
    setSyncing(true);
    try {
      const answers = await doorApi.sync(session.id, pending);
      const done = new Set(pending.map((p) => p.client_id));
      const rest = queueRef.current.filter((q) => !done.has(q.client_id));
      saveQueue(session.id, rest);
      setQueue(rest);
      const found = answers.filter((a) => a.conflict);
      if (found.length) setConflicts((c) => [...c, ...found]);
      setOnline(navigator.onLine);
      await Promise.all([refresh(), download()]);
    } catch (error) {
      if (error instanceof DoorOffline) wentOffline();
    } finally {
      setSyncing(false);
    }
  }, [session.id, refresh, download, wentOffline]);

  // The browser's own word on the connection, at once; then the queue goes out.
  useEffect(() => {
    const off = () => setOnline(false);
    const on = () => {
      setOnline(true);
      void sync();
    };
    window.addEventListener('offline', off);
    window.addEventListener('online', on);
    return () => {
      window.removeEventListener('offline', off);
      window.removeEventListener('online', on);
    };
  }, [sync]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- at start: the list, the status and the scans queued on an earlier visit; their state follows the answers
    void download();
    void refresh();
    void sync();
    const status = setInterval(() => (queueRef.current.length ? void sync() : void refresh()), STATUS_EVERY_MS);
    const list = setInterval(() => void download(), LIST_EVERY_MS);
    return () => {
      clearInterval(status);
      clearInterval(list);
    };
  }, [download, refresh, sync]);

  const checkOffline = useCallback(
    (code: string): DoorCheck => {
      const current = listRef.current;
      if (!current) return { result: decideOffline({ sessionId: session.id, downloadedAt: '', entries: [] }, session.id, code, new Date(), me).result, offline: true };
      const { result, entries } = decideOffline(current, session.id, code, new Date(), me);
      if (result.outcome === 'admitted') {
        if (result.admitted_at === null) throw new Error('an offline admission without its time');
        const next = { ...current, entries };
        saveList(next);
        setList(next);
        const queued = [...queueRef.current, { client_id: clientId(), scan_code: result.scan_code, scanned_at: result.admitted_at }];
        saveQueue(session.id, queued);
        setQueue(queued);
      }
      return { result, offline: true };
    },
    [session.id, me],
  );

  const check = useCallback(
    async (code: string): Promise<DoorCheck> => {
      if (!navigator.onLine) {
        wentOffline();
        return checkOffline(code);
      }
      try {
        const result = await doorApi.scan(session.id, code);
        setOnline(navigator.onLine);
        if (result.outcome === 'admitted') {
          if (result.admitted_by) setMe(result.admitted_by);
          setLastAdmission(result.scan_id);
        }
        void refresh();
        return { result, offline: false };
      } catch (error) {
        if (!(error instanceof DoorOffline)) throw error;
        wentOffline();
        return checkOffline(code);
      }
    },
    [session.id, checkOffline, refresh, wentOffline],
  );

  const undo = useCallback(async () => {
    if (!lastAdmission) return;
    setStatus(await doorApi.undo(session.id, lastAdmission));
    setLastAdmission(null);
  }, [session.id, lastAdmission]);

  const admitted = useCallback(
    (results: TDoorResult[]) => {
      const last = results.filter((r) => r.outcome === 'admitted').at(-1);
      if (last) setLastAdmission(last.scan_id);
      void refresh();
    },
    [refresh],
  );

  return { online, list, queued: queue.length, syncing, status, conflicts, dismissConflicts: () => setConflicts([]), check, undo, canUndo: online && !!lastAdmission, admitted };
}
