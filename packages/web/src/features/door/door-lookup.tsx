import type { TDoorOrder, TDoorResult, TDoorSession } from '@foyer/contracts';
import { useEffect, useState, type SubmitEvent } from 'react';
import { doorText } from '../../i18n/en-door.js';
import { format } from '../../i18n/en.js';
import { formatTime } from '../../lib/dates.js';
import { DoorOffline, DoorRefused, doorApi } from './door-api.js';

/** Lookup by name or order number for a visitor without their code; admit some tickets of an order (docs/door.md). */
export function DoorLookup({ initialQuery, session, online, onAdmitted, onClose }: { initialQuery: string; session: TDoorSession; online: boolean; onAdmitted: (results: TDoorResult[]) => void; onClose: () => void }) {
  const [q, setQ] = useState(initialQuery);
  const [orders, setOrders] = useState<TDoorOrder[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setProblem(null);
    try {
      return await work();
    } catch (error) {
      setProblem(error instanceof DoorOffline ? doorText.lookupOffline : error instanceof DoorRefused ? error.message : String(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  // Opened by an order's QR code: its order at once.
  useEffect(() => {
    if (initialQuery.length >= 2) void search();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- searches once for the query the QR link opened with, not on every keystroke
  }, []);

  async function search(event?: SubmitEvent) {
    event?.preventDefault();
    const found = await run(() => doorApi.lookup(session.id, q.trim()));
    if (found) {
      setOrders(found);
      setChosen(new Set());
    }
  }

  async function admit() {
    const results = await run(() => doorApi.admit(session.id, [...chosen]));
    if (!results) return;
    onAdmitted(results);
    const refreshed = await run(() => doorApi.lookup(session.id, q.trim()));
    if (refreshed) setOrders(refreshed);
    setChosen(new Set());
  }

  const toggle = (id: string) => setChosen((c) => (c.has(id) ? new Set([...c].filter((x) => x !== id)) : new Set([...c, id])));

  return (
    <section className="door-panel" aria-labelledby="door-lookup-title">
      <div className="door-panel__head">
        <h2 id="door-lookup-title">{doorText.lookupTitle}</h2>
        <button type="button" className="door-button door-button--quiet" onClick={onClose}>
          {doorText.close}
        </button>
      </div>
      {!online && <p className="door-muted">{doorText.lookupOffline}</p>}
      <form className="door-row" onSubmit={(event) => void search(event)}>
        <label className="door-field">
          <span>{doorText.lookupLabel}</span>
          <input value={q} onChange={(e) => setQ(e.target.value)} minLength={2} maxLength={80} required autoComplete="off" />
        </label>
        <button type="submit" className="door-button" disabled={busy || !online}>
          {doorText.search}
        </button>
      </form>
      {problem && (
        <p className="door-problem" role="alert">
          {problem}
        </p>
      )}
      {orders && !orders.length && <p className="door-muted">{doorText.noOrders}</p>}
      {orders?.map((order) => (
        <fieldset key={order.id} className="door-order">
          <legend>{format(doorText.orderLine, { number: order.order_number, buyer: order.buyer_name ?? '' })}</legend>
          {order.tickets.map((t) => (
            <label key={t.id} className="door-order__ticket">
              <input type="checkbox" disabled={t.state !== 'booked'} checked={chosen.has(t.id)} onChange={() => toggle(t.id)} />
              <span>
                {[t.ticket_type_name, t.name, t.seat].filter(Boolean).join(' · ')}
                {t.state === 'admitted' && t.admitted_at && <em> — {format(doorText.ticketAdmitted, { time: formatTime(t.admitted_at, session.timezone) })}</em>}
                {t.state === 'cancelled' && <em> — {doorText.ticketCancelled}</em>}
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      {orders && orders.length > 0 && (
        <button type="button" className="door-button door-button--go" disabled={!chosen.size || busy} onClick={() => void admit()}>
          {format(doorText.admitSelected, { n: chosen.size })}
        </button>
      )}
    </section>
  );
}
