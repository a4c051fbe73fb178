import type { TDoorStatus } from '@foyer/contracts';
import { doorText } from '../../i18n/en-door.js';
import { format } from '../../i18n/en.js';
import { formatTime } from '../../lib/dates.js';

/** The session's last scans, newest first (docs/door.md). */
export function LastScans({ status, tz }: { status: TDoorStatus | null; tz: string }) {
  if (!status?.scans.length) return <p className="door-muted">{doorText.noScans}</p>;
  return (
    <ol className="door-scans">
      {status.scans.map((s) => (
        <li key={s.id} className={`door-scans__line door-scans__line--${s.undone_at ? 'undone' : s.outcome}`}>
          <span className="door-scans__what">
            <strong>{doorText.outcomes[s.outcome]}</strong> {[s.reason ? doorText.reasonsShort[s.reason] : null, s.ticket_type_name, s.name].filter(Boolean).join(' · ') || s.scan_code}
          </span>
          <span className="door-scans__when">
            {format(doorText.scanBy, { time: formatTime(s.scanned_at, tz), staff: s.staff_name })}
            {s.undone_by && ` · ${format(doorText.undone, { staff: s.undone_by })}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
