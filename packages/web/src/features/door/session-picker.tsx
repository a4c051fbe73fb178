import type { TDoorSession } from '@foyer/contracts';
import { useState, type SubmitEvent } from 'react';
import { doorText } from '../../i18n/en-door.js';
import { format } from '../../i18n/en.js';
import { formatTime } from '../../lib/dates.js';

/** The session to scan for: today's, by default the one starting next (docs/door.md). */
export function defaultSession(sessions: TDoorSession[], now = new Date()): TDoorSession | null {
  const iso = now.toISOString();
  return sessions.find((s) => s.start_datetime >= iso) ?? sessions.filter((s) => s.end_datetime > iso).at(-1) ?? sessions.at(-1) ?? null;
}

export function SessionPicker({ sessions, onPick, onSignOut }: { sessions: TDoorSession[]; onPick: (s: TDoorSession) => void; onSignOut: () => void }) {
  const [chosen, setChosen] = useState(() => defaultSession(sessions)?.id ?? '');
  function submit(event: SubmitEvent) {
    event.preventDefault();
    const session = sessions.find((s) => s.id === chosen);
    if (session) onPick(session);
  }
  return (
    <form className="door-card" onSubmit={submit}>
      <h1>{doorText.title}</h1>
      {sessions.length ? (
        <>
          <label className="door-field">
            <span>{doorText.sessionLabel}</span>
            <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
              {sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  {format(doorText.sessionOption, { time: formatTime(s.start_datetime, s.timezone), event: s.event_name })} ({format(doorText.counts, { admitted: s.admitted, expected: s.expected })})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="door-button door-button--go">
            {doorText.startScanning}
          </button>
        </>
      ) : (
        <p className="door-muted">{doorText.noSessions}</p>
      )}
      <button type="button" className="door-button door-button--quiet" onClick={onSignOut}>
        {doorText.signOut}
      </button>
    </form>
  );
}
