/**
 * The only sizes Foyer renders. Requested sides snap up to the next step (the browser scales the
 * few extra pixels down), so one image has a bounded number of renditions and a cache holds them
 * all. The storefront's own sizes (cards 272×216 and 544×432, logos 64 high, covers 1500 wide)
 * are steps, so they are served exactly.
 */
export const IMAGE_STEPS = [32, 48, 64, 96, 128, 160, 216, 272, 320, 432, 544, 640, 800, 1080, 1500, 2000] as const;
/** Larger requests are refused, not snapped: docs/api.md#reads allows up to this. */
export const MAX_REQUESTED_SIDE = 4000;

export const snapSide = (side: number): number => IMAGE_STEPS.find((step) => step >= side) ?? IMAGE_STEPS[IMAGE_STEPS.length - 1];

export interface Box {
  width?: number;
  height?: number;
}

/**
 * The box to render: the request snapped to the steps, then scaled down (box proportions kept)
 * until it fits in the original. Raster images are never enlarged, whatever shrink_only says;
 * vector images render crisply at any step, so only they may grow when shrink_only is false.
 */
export function renderBox(requested: Box, original: { width: number; height: number; vector: boolean }, shrinkOnly = true): Box {
  const width = requested.width === undefined ? undefined : snapSide(requested.width);
  const height = requested.height === undefined ? undefined : snapSide(requested.height);
  if ((original.vector && !shrinkOnly) || !original.width || !original.height) return { width, height };
  const scale = Math.min(1, width ? original.width / width : 1, height ? original.height / height : 1);
  return { width: width && Math.max(1, Math.round(width * scale)), height: height && Math.max(1, Math.round(height * scale)) };
}
