import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { en, format } from '../../../i18n/en.js';
import { ErrorNotice } from '../../../ui/error-notice.js';
import { Modal } from '../../../ui/modal.js';
import { Skeleton } from '../../../ui/skeleton.js';
import type { PriceGroup } from '../../../shared/events/model.js';
import { seatMapQuery, seatStatesQuery } from './api.js';
import { useLiveAvailability } from '../../../api/live-availability.js';
import { bestAvailable, clickSeat, isSelectable, mapSeats, selectionErrors, withStates, type MapSeat, type SeatNeed, type Selection } from './seat-picking.js';
import { SeatMapView, type SeatDot } from './seat-map-view.js';
import { seatLabel } from '../../../shared/events/seat-label.js';
import { SeatList } from './seat-list.js';
import { groupPriceText } from './zone-prices.js';
import { fitView, zoomIn, zoomOut, type View } from './viewport.js';
import './seats.css';

export interface SeatMapDialogProps {
  open: boolean;
  eventId: string;
  sessionId: string;
  needs: readonly SeatNeed[];
  /** The seated groups of the session, for filters, prices and seat labels. */
  groups: readonly PriceGroup[];
  currency: string;
  initial: Selection;
  onConfirm: (selection: Map<string, string>, seats: readonly MapSeat[]) => void;
  onClose: () => void;
}

/**
 * The seat map modal (docs/seating.md#3-storefront; a drawer on phones): map, zoom, legend, group filters with
 * their prices, best available, the list alternative, the spec's errors, 'Confirm Selection'.
 * Seat states are polled while it is open; a chosen seat someone else takes is dropped and said.
 */
export default function SeatMapDialog(props: SeatMapDialogProps) {
  return (
    <Modal open={props.open} title={en.seats.mapTitle} onClose={props.onClose} size="lg">
      {props.open && <SeatMapBody {...props} />}
    </Modal>
  );
}

function SeatMapBody({ eventId, sessionId, needs, groups, currency, initial, onConfirm, onClose }: SeatMapDialogProps) {
  const geometry = useQuery(seatMapQuery(eventId, sessionId));
  // Asked beside the geometry (whose states may be a cached copy's): the map is drawn once both are in.
  // The page's live stream then keeps them current; polled only while it cannot connect.
  const live = useLiveAvailability(eventId);
  const states = useQuery(seatStatesQuery(eventId, sessionId, live === 'fallback'));
  const [selection, setSelection] = useState<Map<string, string>>(() => new Map(initial));
  const [filter, setFilter] = useState<string | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showList, setShowList] = useState(false);

  const map = states.data || states.isError ? geometry.data?.seat_map?._data[0] : undefined;
  const seats = useMemo(() => withStates(mapSeats(geometry.data?.seat?._data ?? []), geometry.data?.seat_map?._data[0]?.geometry_version, states.data), [geometry.data, states.data]);
  // The map itself changed (a new catalog): fetch it again.
  const staleGeometry = !!states.data?.seat_state && states.data.seat_state._data[0]?.geometry_version !== geometry.data?.seat_map?._data[0]?.geometry_version;
  useEffect(() => {
    if (staleGeometry) void geometry.refetch();
  }, [staleGeometry, geometry]);
  const byId = useMemo(() => new Map(seats.map((s) => [s.id, s])), [seats]);

  // A chosen seat that someone else took meanwhile is dropped, and said: adjusted while rendering, as the seats' states arrive.
  const lost = [...selection.keys()].flatMap((id) => {
    const seat = byId.get(id);
    return seat && seat.state !== 'available' ? [seat] : [];
  });
  const firstLost = lost.at(0);
  if (firstLost) {
    setSelection(new Map([...selection].filter(([id]) => !lost.some((seat) => seat.id === id))));
    setNotice(format(en.seats.taken, { seat: seatLabel(firstLost) }));
  }

  const colors = useMemo(() => new Map((map?.map_geometry.zones ?? []).map((z) => [z.key, z.color ?? 'var(--seat-available)'])), [map]);
  const groupById = useMemo(() => new Map(groups.map((g) => [g.group.id, g])), [groups]);
  const selectable = (seat: MapSeat) => isSelectable(seat, needs);
  // What each seat shows and says, worked out once per change (not per pan or zoom).
  const dots = useMemo<SeatDot[]>(() => {
    const prices = new Map(groups.map((g) => [g.group.id, groupPriceText(g, currency)]));
    return seats.map((seat) => {
      const state = selection.has(seat.id) ? 'selected' : seat.state === 'available' && !isSelectable(seat, needs) ? 'unavailable' : seat.state;
      const groupId = seat.groups.find((g) => groupById.has(g)) ?? '';
      const stateText = { selected: en.seats.selected, booked: en.seats.soldOut, available: en.seats.available, unavailable: en.seats.unavailable }[state];
      const label = format(en.seats.seatAria, { seat: seatLabel(seat), group: groupById.get(groupId)?.group.name ?? '', price: prices.get(groupId) ?? '', state: stateText });
      return { id: seat.id, x: seat.x, y: seat.y, r: seat.r, state, label, dimmed: filter !== null && !seat.groups.includes(filter), fill: state === 'available' ? colors.get(seat.zone) : undefined };
    });
  }, [seats, selection, needs, groups, groupById, currency, filter, colors]);
  const labels = useMemo(() => new Map(dots.map((d) => [d.id, d.label])), [dots]);
  const label = (seat: MapSeat) => labels.get(seat.id) ?? seatLabel(seat);
  // First framed on the seats the buyer can use (once).
  const fitted = useMemo(
    () => (map ? fitView({ width: map.width, height: map.height }, seats.filter((s) => needs.some((n) => s.groups.includes(n.groupId) && n.types.some((t) => t.quantity > 0)))) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- framed once per map: the seats' states change, their positions do not
    [map, seats.length],
  );
  const firstFocus = (seats.find((s) => selection.has(s.id)) ?? seats.find(selectable) ?? seats.at(0))?.id;
  const choose = (seatId: string) => {
    setNotice(null);
    setSelection((prev) => clickSeat(byId, prev, needs, seatId));
  };

  if (geometry.isError) return <ErrorNotice title={en.seats.loadError} error={geometry.error} onRetry={() => void geometry.refetch()} />;
  // No frame without a map (fitted is null just when map is).
  if (!map || !fitted) {
    return (
      <div aria-busy="true" aria-label={en.seats.loading}>
        <Skeleton height={320} />
      </div>
    );
  }
  const size = { width: map.width, height: map.height };
  const shown = view ?? fitted;
  const errors = selectionErrors(needs, selection);
  const needed = needs.reduce((n, need) => n + need.types.reduce((m, t) => m + t.quantity, 0), 0);

  return (
    <div className="seat-map">
      <div className="seat-map__filters" role="group" aria-label={en.seats.filterLabel}>
        <button type="button" className="chip" aria-pressed={filter === null} onClick={() => setFilter(null)}>
          {en.seats.allGroups}
        </button>
        {groups.map((g) => (
          <button key={g.group.id} type="button" className="chip" aria-pressed={filter === g.group.id} onClick={() => setFilter(filter === g.group.id ? null : g.group.id)}>
            {g.group.name} <span className="seat-map__price">{groupPriceText(g, currency)}</span>
          </button>
        ))}
      </div>
      <ul className="seat-map__legend" aria-label={en.seats.legend}>
        {(['available', 'booked', 'unavailable', 'selected'] as const).map((state) => (
          <li key={state}>
            <svg width="16" height="16" aria-hidden="true">
              <circle className={`seat seat--${state}`} cx="8" cy="8" r="6.5" />
            </svg>
            {{ available: en.seats.available, booked: en.seats.soldOut, unavailable: en.seats.unavailable, selected: en.seats.selected }[state]}
          </li>
        ))}
      </ul>
      <div className="seat-map__stage">
        <SeatMapView map={size} seats={seats} dots={dots} elements={map.other_elements} firstFocus={firstFocus} view={shown} onView={setView} onSeat={choose} />
        <div className="seat-map__zoom">
          <button type="button" className="icon-button" aria-label={en.seats.zoomIn} onClick={() => setView(zoomIn(size, shown))}>
            +
          </button>
          <span className="visually-hidden" aria-live="polite">
            {format(en.seats.zoomLevel, { zoom: Math.round(shown.zoom * 100) / 100 })}
          </span>
          <button type="button" className="icon-button" aria-label={en.seats.zoomOut} onClick={() => setView(zoomOut(size, shown))}>
            −
          </button>
        </div>
      </div>
      <div className="seat-map__tools">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const best = bestAvailable(seats, needs);
            if (best) {
              setSelection(best);
              setNotice(null);
            } else {
              const short = needs.find((n) => n.types.some((t) => t.quantity > 0));
              if (short) setNotice(format(en.seats.noBlock, { count: short.types.reduce((n, t) => n + t.quantity, 0), group: short.groupName }));
            }
          }}
        >
          {en.seats.bestAvailable}
        </button>
        <button type="button" className="button button--link" aria-expanded={showList} onClick={() => setShowList(!showList)}>
          {showList ? en.seats.hideList : en.seats.showList}
        </button>
      </div>
      {showList && <SeatList seats={seats} selection={selection} selectable={selectable} label={label} onSeat={choose} filter={filter} />}
      <div className="seat-map__footer">
        <div aria-live="polite" className="seat-map__status">
          <p className="seat-map__progress">{format(en.seats.progress, { chosen: selection.size, needed })}</p>
          {notice && <p className="notice notice--warning">{notice}</p>}
          {errors.length > 0 && (
            <ul className="seat-map__errors">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="seat-map__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {en.seats.back}
          </button>
          <button type="button" className="button" disabled={errors.length > 0} onClick={() => onConfirm(selection, seats)}>
            {en.seats.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}

