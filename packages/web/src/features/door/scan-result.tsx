import type { TDoorResult } from '@foyer/contracts';
import { doorText } from '../../i18n/en-door.js';
import { format } from '../../i18n/en.js';
import { refusalText, resultHeadline } from './result-text.js';

const TONE = { admitted: 'admitted', already_admitted: 'already', refused: 'refused' } as const;

/**
 * A scan's result over the whole screen, readable at arm's length (docs/door.md): green, amber or
 * red. It goes by itself for the next scan; a tap closes it sooner. Focus stays in the code field
 * below, so a hardware scanner's next code goes straight in.
 */
export function ScanResult({ result, offline, tz, onDone }: { result: TDoorResult; offline: boolean; tz: string; onDone: () => void }) {
  const reason = refusalText(result, tz);
  const details = [result.kind === 'member' ? doorText.member : result.ticket_type_name, result.name, result.seat ? format(doorText.seat, { seat: result.seat }) : null].filter(Boolean);
  return (
    <div className={`door-result door-result--${TONE[result.outcome]}`} role="alert" aria-live="assertive" data-outcome={result.outcome}>
      <button type="button" tabIndex={-1} className="door-result__tap" onClick={onDone}>
        <span className="door-result__icon" aria-hidden="true">{result.outcome === 'admitted' ? '✓' : result.outcome === 'already_admitted' ? '!' : '✕'}</span>
        <span className="door-result__headline">{resultHeadline(result, tz, offline)}</span>
        {reason && <span className="door-result__reason">{reason}</span>}
        {details.map((d) => (
          <span key={d} className="door-result__detail">
            {d}
          </span>
        ))}
        <span className="door-result__code">{result.scan_code}</span>
        <span className="door-result__next">{doorText.nextScan}</span>
      </button>
    </div>
  );
}
