import { SEAT_PAN_LIMIT, SEAT_ZOOM_IN, SEAT_ZOOM_MAX, SEAT_ZOOM_MIN, SEAT_ZOOM_OUT } from '@foyer/contracts/constants';

/** What part of the map shows (docs/seating.md#3-storefront): zoom 1x–8x, in ×2, out ×0.75, panned at most 50 beyond the map. */
export interface View {
  zoom: number;
  /** The centre shown, in map units. */
  cx: number;
  cy: number;
}

export interface MapSize {
  width: number;
  height: number;
}

export const initialView = (map: MapSize): View => ({ zoom: SEAT_ZOOM_MIN, cx: map.width / 2, cy: map.height / 2 });

/** Keeps the zoom in range and the shown window within 50 units of the map on every side. */
export function clampView(map: MapSize, view: View): View {
  const zoom = Math.min(SEAT_ZOOM_MAX, Math.max(SEAT_ZOOM_MIN, view.zoom));
  const axis = (centre: number, size: number) => {
    const shown = size / zoom;
    const lo = shown / 2 - SEAT_PAN_LIMIT;
    const hi = size + SEAT_PAN_LIMIT - shown / 2;
    return lo > hi ? size / 2 : Math.min(hi, Math.max(lo, centre));
  };
  return { zoom, cx: axis(view.cx, map.width), cy: axis(view.cy, map.height) };
}

export const zoomIn = (map: MapSize, view: View, at?: { x: number; y: number }) => zoomAbout(map, view, view.zoom * SEAT_ZOOM_IN, at);
export const zoomOut = (map: MapSize, view: View, at?: { x: number; y: number }) => zoomAbout(map, view, view.zoom * SEAT_ZOOM_OUT, at);

/** Zooms keeping the map point `at` (default: the centre) where it is on screen. */
function zoomAbout(map: MapSize, view: View, zoom: number, at?: { x: number; y: number }): View {
  const next = Math.min(SEAT_ZOOM_MAX, Math.max(SEAT_ZOOM_MIN, zoom));
  if (!at) return clampView(map, { ...view, zoom: next });
  const k = view.zoom / next;
  return clampView(map, { zoom: next, cx: at.x + (view.cx - at.x) * k, cy: at.y + (view.cy - at.y) * k });
}

/** Moves by a distance in map units. */
export const panBy = (map: MapSize, view: View, dx: number, dy: number) => clampView(map, { ...view, cx: view.cx + dx, cy: view.cy + dy });

/** The SVG viewBox of a view. */
export function viewBox(map: MapSize, view: View): string {
  const w = map.width / view.zoom;
  const h = map.height / view.zoom;
  return `${view.cx - w / 2} ${view.cy - h / 2} ${w} ${h}`;
}

/** A view that frames these points (the seats a buyer can use), zoomed in as far as they fit, at most 8x. */
export function fitView(map: MapSize, points: readonly { x: number; y: number; r: number }[]): View {
  if (!points.length) return initialView(map);
  const left = Math.min(...points.map((p) => p.x - p.r));
  const right = Math.max(...points.map((p) => p.x + p.r));
  const top = Math.min(...points.map((p) => p.y - p.r));
  const bottom = Math.max(...points.map((p) => p.y + p.r));
  const margin = 40;
  const zoom = Math.min(map.width / (right - left + 2 * margin), map.height / (bottom - top + 2 * margin));
  return clampView(map, { zoom: Math.max(1, zoom), cx: (left + right) / 2, cy: (top + bottom) / 2 });
}
