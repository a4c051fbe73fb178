import { lazy, Suspense, useEffect, useState } from 'react';
import { SEAT_MAP_OPEN_DELAY_MS } from '@foyer/contracts/constants';
import { en } from '../../../i18n/en.js';
import { selectionErrors } from './seat-picking.js';
import { markPerformance } from '../../../lib/optional-dom.js';
import { seatLabel } from '../../../shared/events/seat-label.js';
import type { Seating } from './use-seating.js';
// The map loads on demand, not with the event page (JS budget, docs/performance.md); it is
// fetched as soon as seated tickets are chosen, so it is there by the time 'Choose your seats' is.
export const loadSeatMapDialog = () => import('./seat-map-dialog.js');
const SeatMapDialog = lazy(loadSeatMapDialog);

/**
 * The seat step of the reserve form: 'Choose your seats' opens the map — closed, rendering
 * (50 ms), open (docs/seating.md#3-storefront) — and the seats chosen are listed; the reserve button waits for them.
 */
export function SeatPicker({ seating, eventId, sessionId, currency }: { seating: Seating; eventId: string; sessionId: string; currency: string }) {
  const [modal, setModal] = useState<'closed' | 'rendering' | 'open'>('closed');
  useEffect(() => {
    if (modal !== 'rendering') return;
    const timer = setTimeout(() => setModal('open'), SEAT_MAP_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [modal]);
  useEffect(() => {
    if (seating.needed) void loadSeatMapDialog();
  }, [seating.needed]);
  if (!seating.needed) return null;
  const errors = seating.chosen.length ? selectionErrors(seating.needs, seating.selection) : [];
  return (
    <section className="seat-picker" aria-labelledby="seat-picker-title">
      <h3 id="seat-picker-title" className="seat-picker__title">
        {en.seats.chosen}
      </h3>
      {seating.chosen.length > 0 ? (
        <ul className="seat-picker__seats">
          {seating.chosen.map((s) => (
            <li key={s.id}>{seatLabel(s)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{en.seats.needed}</p>
      )}
      {errors.length > 0 && (
        <ul className="notice notice--warning seat-picker__errors" role="status">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--secondary seat-picker__open"
        aria-busy={modal === 'rendering' || undefined}
        onClick={() => {
          markPerformance('seat-map:open');
          setModal('rendering');
        }}
      >
        {modal === 'rendering' ? en.seats.opening : seating.chosen.length ? en.seats.changeSeats : en.seats.chooseSeats}
      </button>
      {modal === 'open' && (
        <Suspense fallback={null}>
          <SeatMapDialog
            open
            eventId={eventId}
            sessionId={sessionId}
            needs={seating.needs}
            groups={seating.seatedGroups}
            currency={currency}
            initial={seating.selection}
            onConfirm={(selection, seats) => {
              seating.confirm(selection, seats);
              setModal('closed');
            }}
            onClose={() => setModal('closed')}
          />
        </Suspense>
      )}
    </section>
  );
}
