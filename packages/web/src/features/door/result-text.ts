import type { TDoorResult } from '@foyer/contracts';
import { doorText } from '../../i18n/en-door.js';
import { format } from '../../i18n/en.js';
import { formatDate, formatTime } from '../../lib/dates.js';
import { safeTz } from '../../lib/venue-time.js';

/** The headline of a result, as the door shows it (docs/door.md). */
export function resultHeadline(result: TDoorResult, tz: string, offline = false): string {
  if (result.outcome === 'admitted') return offline ? doorText.admittedOffline : doorText.admitted;
  if (result.outcome === 'already_admitted') {
    const time = result.admitted_at ? formatTime(result.admitted_at, tz) : '';
    return result.admitted_by ? format(doorText.alreadyAdmitted, { time, staff: result.admitted_by }) : format(doorText.alreadyAdmittedAt, { time });
  }
  return doorText.notAdmitted;
}

/** Why a scan was refused, in words. */
export function refusalText(result: TDoorResult, tz: string): string | null {
  if (result.outcome !== 'refused' || !result.reason) return null;
  const start = result.session_start;
  switch (result.reason) {
    case 'wrong_session':
      return format(doorText.reasons.wrong_session, { time: start ? formatTime(start, tz) : '' });
    case 'not_today':
      return format(doorText.reasons.not_today, { date: start ? formatDate(safeTz(start, tz).format('YYYY-MM-DD')) : '' });
    case 'rescheduled':
      return format(doorText.reasons.rescheduled, { when: start ? safeTz(start, tz).format('ddd h:mm A') : '' });
    case 'membership_expired':
      return result.valid_from && result.valid_to
        ? format(doorText.reasons.membership_expired_term, { from: formatDate(safeTz(result.valid_from, tz).format('YYYY-MM-DD')), to: formatDate(safeTz(result.valid_to, tz).format('YYYY-MM-DD')) })
        : doorText.reasons.membership_expired;
    default:
      return doorText.reasons[result.reason];
  }
}
