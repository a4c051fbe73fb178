import type { TSeatMapElement } from '@foyer/contracts';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { en } from '../../../i18n/en.js';
import type { MapSeat } from './seat-picking.js';
import { MapElement } from './seat-map-element.js';
import { nearestInRow, pinchDistance, rowsInFront } from './seat-map-moves.js';
import { markPerformance } from '../../../lib/optional-dom.js';
import { panBy, viewBox, zoomIn, zoomOut, type MapSize, type View } from './viewport.js';

/** How one seat is drawn: worked out once per change of states, selection or filter (not per pan or zoom). */
export interface SeatDot {
  id: string;
  x: number;
  y: number;
  r: number;
  state: 'available' | 'booked' | 'unavailable' | 'selected';
  label: string;
  dimmed: boolean;
  /** The zone's colour, for an available seat. */
  fill: string | undefined;
}

/** The seat an event happened on: its circle carries the seat's id. */
const seatIdOf = (target: EventTarget): string | null => (target instanceof Element ? target.getAttribute('data-seat-id') : null);

export interface SeatMapViewProps {
  map: MapSize;
  seats: readonly MapSeat[];
  /** One per seat, same order; a new array only when something drawn changed. */
  dots: readonly SeatDot[];
  elements: readonly TSeatMapElement[];
  /** The seat the map's single tab stop starts on. */
  firstFocus: string | undefined;
  view: View;
  onView: (view: View) => void;
  onSeat: (seatId: string) => void;
}

/**
 * The seat map drawn in SVG from the geometry (docs/seating.md#3-storefront): one circle per seat, reachable with the
 * keyboard (one tab stop; arrow keys move along a row and to the nearest seat of the row in front
 * or behind; Enter or Space chooses), zoomed with the wheel, a pinch or the buttons, dragged to pan.
 */
export function SeatMapView(props: SeatMapViewProps) {
  const { map, seats, view, onView } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const byId = useMemo(() => new Map(seats.map((s) => [s.id, s])), [seats]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const tabStop = focusId && byId.has(focusId) ? focusId : props.firstFocus;
  // Stable handlers, so the seat layer is not drawn again when only the view changes.
  const latest = useRef({ onSeat: props.onSeat });
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    latest.current.onSeat = props.onSeat;
    viewRef.current = view;
  });

  // Map units per screen pixel, for dragging.
  const unitsPerPixel = () => {
    const width = svgRef.current?.clientWidth || map.width;
    return map.width / view.zoom / width;
  };
  const toMap = (svg: SVGSVGElement, clientX: number, clientY: number) => {
    const rect = svg.getBoundingClientRect();
    const k = unitsPerPixel();
    return { x: view.cx + (clientX - rect.left - rect.width / 2) * k, y: view.cy + (clientY - rect.top - rect.height / 2) * k };
  };

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const at = toMap(svg, event.clientX, event.clientY);
      onView(event.deltaY < 0 ? zoomIn(map, viewRef.current, at) : zoomOut(map, viewRef.current, at));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  });

  // Dragging pans; two fingers pinch-zoom; a drag is not a click.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef({ moved: 0, pinch: 0 });
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    drag.current = { moved: 0, pinch: pinchDistance(pointers.current) };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const distance = pinchDistance(pointers.current);
      if (drag.current.pinch && distance / drag.current.pinch > 1.3) {
        onView(zoomIn(map, view));
        drag.current.pinch = distance;
      } else if (drag.current.pinch && distance / drag.current.pinch < 0.75) {
        onView(zoomOut(map, view));
        drag.current.pinch = distance;
      }
      drag.current.moved += 10;
      return;
    }
    drag.current.moved += Math.abs(dx) + Math.abs(dy);
    if (drag.current.moved > 4 && view.zoom > 1) {
      if (!svgRef.current?.hasPointerCapture(event.pointerId)) svgRef.current?.setPointerCapture(event.pointerId);
      const k = unitsPerPixel();
      onView(panBy(map, view, -dx * k, -dy * k));
    }
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const rows = useMemo(() => rowsInFront(seats), [seats]);
  // A click chooses, unless it ended a drag. Stable across renders.
  const choose = useCallback((id: string) => {
    if (drag.current.moved > 4) return;
    setFocusId(id);
    latest.current.onSeat(id);
  }, []);
  // Performance mark of the first paint with seats (docs/performance.md: seat map figures).
  const painted = useRef(false);
  useEffect(() => {
    if (painted.current || !seats.length) return;
    painted.current = true;
    requestAnimationFrame(() => setTimeout(() => markPerformance('seat-map:painted'), 0));
  }, [seats.length]);
  const moveFocus = (id: string | undefined | null) => {
    const seat = id ? byId.get(id) : undefined;
    if (!seat) return;
    setFocusId(seat.id);
    // Bring a seat outside the window into view.
    const w = map.width / view.zoom / 2;
    const h = map.height / view.zoom / 2;
    if (Math.abs(seat.x - view.cx) > w - seat.r || Math.abs(seat.y - view.cy) > h - seat.r) onView(panBy(map, view, seat.x - view.cx, seat.y - view.cy));
    requestAnimationFrame(() => svgRef.current?.querySelector<SVGElement>(`[data-seat-id="${seat.id}"]`)?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = byId.get(seatIdOf(event.target) ?? '');
    if (!current) return;
    const moves: Partial<Record<string, () => string | null | undefined>> = {
      ArrowRight: () => current.next,
      ArrowLeft: () => current.previous,
      ArrowUp: () => nearestInRow(rows, current, -1),
      ArrowDown: () => nearestInRow(rows, current, 1),
      Home: () => seats.at(0)?.id,
      End: () => seats.at(-1)?.id,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveFocus(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onSeat(current.id);
    } else if (event.key === '+' || event.key === '=') {
      onView(zoomIn(map, view, current));
    } else if (event.key === '-') {
      onView(zoomOut(map, view, current));
    }
  };

  return (
    <svg
      ref={svgRef}
      className="seat-map__svg"
      viewBox={viewBox(map, view)}
      preserveAspectRatio="xMidYMid meet"
      style={{ aspectRatio: `${map.width} / ${map.height}` }}
      role="group"
      aria-label={en.seats.mapLabel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      {props.elements.map((e, i) => (
        <MapElement key={i} element={e} />
      ))}
      <SeatLayer dots={props.dots} tabStop={tabStop} onFocusSeat={setFocusId} onChoose={choose} />
    </svg>
  );
}

/** Every seat; drawn again only when the dots or the tab stop change (2,000 seats pan and zoom without it). */
const SeatLayer = memo(function SeatLayer({ dots, tabStop, onFocusSeat, onChoose }: { dots: readonly SeatDot[]; tabStop: string | undefined; onFocusSeat: (id: string) => void; onChoose: (id: string) => void }) {
  return (
    <g
      onFocusCapture={(e) => {
        const id = seatIdOf(e.target);
        if (id) onFocusSeat(id);
      }}
      onClick={(e) => {
        const id = seatIdOf(e.target);
        if (id) onChoose(id);
      }}
    >
      {dots.map((d) => (
        <circle
          key={d.id}
          data-seat-id={d.id}
          className={`seat seat--${d.state}${d.dimmed ? ' seat--dimmed' : ''}`}
          cx={d.x}
          cy={d.y}
          r={d.r * 0.86}
          style={d.fill ? { fill: d.fill } : undefined}
          role="button"
          tabIndex={d.id === tabStop ? 0 : -1}
          aria-label={d.label}
          aria-pressed={d.state === 'selected'}
          aria-disabled={d.state === 'booked' || d.state === 'unavailable' ? true : undefined}
        />
      ))}
    </g>
  );
});
