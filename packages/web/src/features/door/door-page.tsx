import type { TDoorSession } from '@foyer/contracts';
import { useCallback, useEffect, useState } from 'react';
import { doorText } from '../../i18n/en-door.js';
import { DoorOffline, DoorRefused, doorApi } from './door-api.js';
import { staffSignOut } from './door-auth.js';
import { unlockSound } from './door-feedback.js';
import { DoorScanner } from './door-scanner.js';
import { SessionPicker } from './session-picker.js';
import { SignIn } from '../admin/public.js';
import './door.css';

const SESSION_KEY = 'foyer:door-session';

/** Installable as a home-screen app: the manifest and theme colour are the door's alone (docs/door.md). */
function useDoorManifest() {
  useEffect(() => {
    const manifest = Object.assign(document.createElement('link'), { rel: 'manifest', href: '/door.webmanifest' });
    const theme = Object.assign(document.createElement('meta'), { name: 'theme-color', content: '#111827' });
    document.head.append(manifest, theme);
    const title = document.title;
    document.title = doorText.appName;
    return () => {
      manifest.remove();
      theme.remove();
      document.title = title;
    };
  }, []);
}

type Stage = { at: 'sign-in' } | { at: 'loading' } | { at: 'failed' } | { at: 'pick'; sessions: TDoorSession[] } | { at: 'scan'; session: TDoorSession };

/** /admin/door: sign in with a staff account, pick today's session, scan (docs/door.md). */
export function Component() {
  useDoorManifest();
  const [stage, setStage] = useState<Stage>({ at: 'loading' });

  /** Reads today's sessions into the stage (shown as loading meanwhile). */
  const read = useCallback(async () => {
    try {
      const sessions = await doorApi.sessions();
      const kept = sessions.find((s) => s.id === sessionStorage.getItem(SESSION_KEY));
      setStage(kept ? { at: 'scan', session: kept } : { at: 'pick', sessions });
    } catch (error) {
      if (error instanceof DoorRefused && error.status === 401) {
        setStage({ at: 'sign-in' });
      } else if (error instanceof DoorOffline) {
        // Offline at start: the session scanned last in this tab carries on with its saved list.
        const kept = sessionStorage.getItem(SESSION_KEY + ':data');
        setStage(kept ? { at: 'scan', session: JSON.parse(kept) as TDoorSession } : { at: 'failed' });
      } else setStage({ at: 'failed' });
    }
  }, []);

  const load = useCallback(() => {
    setStage({ at: 'loading' });
    void read();
  }, [read]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads today's sessions once on mount; the stage is set when they come
    if (stage.at === 'loading') void read();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once on mount; later stage changes must not reload
  }, []);

  const pick = (session: TDoorSession) => {
    unlockSound();
    sessionStorage.setItem(SESSION_KEY, session.id);
    sessionStorage.setItem(SESSION_KEY + ':data', JSON.stringify(session));
    setStage({ at: 'scan', session });
  };

  const signOut = () => {
    sessionStorage.removeItem(SESSION_KEY);
    setStage({ at: 'sign-in' });
    void staffSignOut();
  };

  return (
    <div className="door">
      {stage.at === 'sign-in' && <SignIn onSignedIn={() => load()} />}
      {stage.at === 'loading' && (
        <p className="door-card door-muted" role="status">
          {doorText.loading}
        </p>
      )}
      {stage.at === 'failed' && (
        <div className="door-card">
          <p className="door-problem" role="alert">
            {doorText.loadFailed}
          </p>
          <button type="button" className="door-button" onClick={() => load()}>
            {doorText.retry}
          </button>
        </div>
      )}
      {stage.at === 'pick' && <SessionPicker sessions={stage.sessions} onPick={pick} onSignOut={signOut} />}
      {stage.at === 'scan' && (
        <DoorScanner
          key={stage.session.id}
          session={stage.session}
          onChangeSession={() => {
            sessionStorage.removeItem(SESSION_KEY);
            load();
          }}
        />
      )}
    </div>
  );
}
