import { en } from '../i18n/en.js';

/** What a staff screen (/admin, /admin/door) shows while its chunk loads on a first visit: React Router wants one for every lazy route hydrated. */
export function StaffFallback() {
  return (
    <main id="main" className="main" aria-busy="true">
      <p role="status">{en.app.loading}</p>
    </main>
  );
}
