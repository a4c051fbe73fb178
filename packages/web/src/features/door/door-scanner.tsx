import type { TDoorSession } from '@foyer/contracts';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { doorText } from '../../i18n/en-door.js';
import { format } from '../../i18n/en.js';
import { formatTime } from '../../lib/dates.js';
import { DoorLookup } from './door-lookup.js';
import { signal } from './door-feedback.js';
import { LastScans } from './last-scans.js';
import { preloadDecoder, startQrCamera } from './qr-camera.js';
import { refusalText, resultHeadline } from './result-text.js';
import { ScanResult } from './scan-result.js';
import { useDoor, type DoorCheck } from './use-door.js';

/** How long a result stays up; how long the same code must be out of view before it is read again. */
const RESULT_MS = 2500;
const SAME_CODE_MS = 3000;
/** Whether this device's door uses the camera (a door with a hardware scanner turns it off once). */
/** What an order's QR code carries (server orders/qr-code.ts). */
const ORDER_QR = /^FOYER-ORDER:([^:]+):/;
const CAMERA_KEY = 'foyer:door-camera';
const cameraWanted = () => localStorage.getItem(CAMERA_KEY) !== 'off';

/** Scanning one session (docs/door.md): camera or typed code, full-screen results, the count, offline. */
export function DoorScanner({ session, onChangeSession }: { session: TDoorSession; onChangeSession: () => void }) {
  const door = useDoor(session);
  const tz = session.timezone;
  const [shown, setShown] = useState<DoorCheck | null>(null);
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState<'off' | 'on' | 'unavailable'>(() => (cameraWanted() ? 'on' : 'off'));
  const [lookup, setLookup] = useState<false | { q: string }>(false);
  const [undoProblem, setUndoProblem] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const recent = useRef<{ code: string; at: number } | null>(null);
  const busy = useRef(false);
  const hide = useRef<ReturnType<typeof setTimeout>>(undefined);

  const doorCheck = door.check;
  const show = useCallback((check: DoorCheck) => {
    setShown(check);
    signal(check.result.outcome);
    clearTimeout(hide.current);
    hide.current = setTimeout(() => setShown(null), RESULT_MS);
  }, []);

  const check = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!code || busy.current) return;
      const now = Date.now();
      // The camera sees a code many times a second: it counts once while it stays in view.
      if (recent.current && recent.current.code === code && now - recent.current.at < SAME_CODE_MS) {
        recent.current.at = now;
        return;
      }
      recent.current = { code, at: now };
      // An order's QR code (the confirmation page and e-mail) names the order: choose its tickets.
      const order = ORDER_QR.exec(code);
      if (order) {
        setLookup({ q: order[1] });
        return;
      }
      busy.current = true;
      try {
        show(await doorCheck(code));
      } finally {
        busy.current = false;
      }
    },
    [doorCheck, show],
  );

  useEffect(() => {
    // mediaDevices is missing outside a secure context, whatever the DOM types say.
    if (camera !== 'on' || !video.current || !(navigator as Partial<Navigator>).mediaDevices?.getUserMedia) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- whether the browser has a camera is known only once the video is mounted
      if (camera === 'on') setCamera('unavailable');
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    startQrCamera(video.current, (code) => void check(code))
      .then((s) => (cancelled ? s() : (stop = s)))
      .catch(() => !cancelled && setCamera('unavailable'));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [camera, check]);

  useEffect(() => {
    preloadDecoder();
    return () => clearTimeout(hide.current);
  }, []);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const code = typed;
    setTyped('');
    recent.current = null; // a typed code is always meant
    void check(code);
    input.current?.focus();
  }

  async function undo() {
    setUndoProblem(false);
    try {
      await door.undo();
    } catch {
      setUndoProblem(true);
    }
  }

  // Offline, the count comes from the list as the door has changed it.
  const own = door.list?.entries.filter((e) => e.kind === 'ticket' && e.event_session_id === session.id && e.state !== 'cancelled' && e.state !== 'rescheduled');
  const counts = door.online && door.status ? door.status : own ? { admitted: own.filter((e) => e.state === 'admitted').length, expected: own.length } : { admitted: session.admitted, expected: session.expected };

  return (
    <div className="door-screen">
      <header className="door-bar">
        <div className="door-bar__what">
          <h1 className="door-bar__title">{session.event_name}</h1>
          <p className="door-bar__time">{formatTime(session.start_datetime, tz)}</p>
        </div>
        <p className="door-count" aria-live="polite" data-testid="door-count">
          {format(doorText.counts, { admitted: counts.admitted, expected: counts.expected })}
        </p>
      </header>
      <p className={`door-status door-status--${door.online ? 'online' : 'offline'}`} role="status" data-testid="door-connection">
        {door.online ? doorText.online : door.list ? format(doorText.offline, { time: formatTime(door.list.downloadedAt, tz) }) : doorText.offlineNoList}
        {door.queued > 0 && ` · ${format(doorText.queued, { n: door.queued })}`}
        {door.syncing && ` · ${doorText.syncing}`}
      </p>
      {door.conflicts.length > 0 && (
        <section className="door-conflicts" role="alert" aria-labelledby="door-conflicts-title">
          <h2 id="door-conflicts-title">{doorText.conflictsTitle}</h2>
          <ul>
            {door.conflicts.map((c) => (
              <li key={c.client_id}>{format(doorText.conflictLine, { code: c.result.scan_code, what: refusalText(c.result, tz) ?? resultHeadline(c.result, tz) })}</li>
            ))}
          </ul>
          <button type="button" className="door-button door-button--quiet" onClick={door.dismissConflicts}>
            {doorText.dismiss}
          </button>
        </section>
      )}
      <main className="door-main">
        <section className="door-scan" aria-label={doorText.camera}>
          <div className="door-camera">
            {camera === 'on' ? <video ref={video} className="door-camera__video" muted playsInline aria-label={doorText.camera} /> : <p className="door-muted">{camera === 'unavailable' ? doorText.cameraUnavailable : doorText.camera}</p>}
          </div>
          <form className="door-row" onSubmit={submit}>
            <label className="door-field">
              <span>{doorText.codeLabel}</span>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a hand scanner types into this field: the door screen opens ready to take the first code */}
              <input ref={input} value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus autoComplete="off" autoCapitalize="characters" spellCheck={false} enterKeyHint="go" aria-describedby="door-code-hint" />
            </label>
            <button type="submit" className="door-button">
              {doorText.check}
            </button>
          </form>
          <p id="door-code-hint" className="door-muted">
            {doorText.codeHint}
          </p>
          <div className="door-actions">
            <button type="button" className="door-button door-button--quiet" onClick={() => {
                const next = camera === 'on' ? 'off' : 'on';
                localStorage.setItem(CAMERA_KEY, next);
                setCamera(next);
              }}>
              {camera === 'on' ? doorText.cameraOff : doorText.cameraOn}
            </button>
            <button type="button" className="door-button door-button--quiet" onClick={() => setLookup(lookup ? false : { q: '' })} aria-expanded={!!lookup}>
              {doorText.lookup}
            </button>
            <button type="button" className="door-button door-button--quiet" onClick={onChangeSession}>
              {doorText.changeSession}
            </button>
          </div>
        </section>
        {lookup && <DoorLookup key={lookup.q} initialQuery={lookup.q} session={session} online={door.online} onAdmitted={door.admitted} onClose={() => setLookup(false)} />}
        <section className="door-panel" aria-labelledby="door-last-title">
          <div className="door-panel__head">
            <h2 id="door-last-title">{doorText.lastScans}</h2>
            <button type="button" className="door-button door-button--quiet" disabled={!door.canUndo} onClick={() => void undo()}>
              {doorText.undo}
            </button>
          </div>
          {undoProblem && (
            <p className="door-problem" role="alert">
              {doorText.undoFailed}
            </p>
          )}
          <LastScans status={door.status} tz={tz} />
        </section>
      </main>
      {shown && <ScanResult result={shown.result} offline={shown.offline} tz={tz} onDone={() => setShown(null)} />}
    </div>
  );
}
