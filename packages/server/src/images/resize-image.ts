import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { enforceLimits, type Limit } from '../rate-limit/rate-limit.js';
import { ImageCache, type CachedImage } from './image-cache.js';
import { findImage } from './image.repository.js';
import { renderBox, type Box } from './image-sizes.js';
import { RenderPool } from './render-pool.js';

// libvips threads per resize: two resizes at a time with two threads each keep a small server's
// cores for the API; more waiting resizes are refused rather than queued without end.
const RENDER_SLOTS = 2;
const RENDER_QUEUE = 16;
sharp.concurrency(2);

export interface ImageResizerOptions {
  db: Db;
  now: () => Date;
  /** Resizes (cache misses) one client address may cause per minute. */
  rendersPerMinute: number;
  cacheBytes: number;
}

export type ImageResizer = (id: string, requested: Box, shrinkOnly: boolean, ip: string) => Promise<CachedImage>;

/**
 * Catalog images at one of the fixed sizes (image-sizes.ts), never larger than the original.
 * Renditions are cached (bounded LRU); a miss counts against the client address's limit (in the
 * database, so it holds across processes), identical misses in flight share one resize, and
 * resizes run a few at a time.
 */
export function imageResizer(options: ImageResizerOptions): ImageResizer {
  const cache = new ImageCache(options.cacheBytes);
  const pool = new RenderPool(RENDER_SLOTS, RENDER_QUEUE);
  const inFlight = new Map<string, Promise<CachedImage>>();
  const limit: Limit = { name: 'image_render:ip', max: options.rendersPerMinute, windowMs: 60_000 };

  const render = async (id: string, requested: Box, shrinkOnly: boolean): Promise<CachedImage> => {
    const image = await findImage(options.db, id);
    if (!image) throw new AppError(404, 'not_found', 'This image could not be found.', 'image', { id });
    const vector = image.content_type === 'image/svg+xml';
    const box = renderBox(requested, { width: image.width, height: image.height, vector }, shrinkOnly);
    const body = await pool.run(() => resize(image, box, vector));
    if (!body) throw new AppError(429, 'rate_limited', 'Images are busy. Please try again in a moment.', 'image', { retry_after: 1 });
    return { body, type: 'image/webp', etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };

  return async (id, requested, shrinkOnly, ip) => {
    // Snapped sizes name the rendition, so 271 and 272 share one cache entry.
    const snapped = renderBox(requested, { width: 0, height: 0, vector: true });
    const key = `${id}:${snapped.width ?? ''}x${snapped.height ?? ''}:${shrinkOnly}`;
    const hit = cache.get(key);
    if (hit) return hit;
    await enforceLimits(options.db, options.now(), [[limit, ip]]);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = render(id, snapped, shrinkOnly).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const rendition = await pending;
    cache.set(key, rendition);
    return rendition;
  };
}

/** Cover when both sides are given, else fit inside; vector images rasterised at a density that keeps them crisp. */
function resize(image: { data: Buffer; width: number; height: number }, box: Box, vector: boolean): Promise<Buffer> {
  const upscale = vector && image.width ? Math.max(1, (box.width ?? 0) / image.width, (box.height ?? 0) / (image.height || 1)) : 1;
  return sharp(Buffer.from(image.data), vector ? { density: Math.min(72 * 8, Math.ceil(72 * upscale)) } : {})
    .resize({ width: box.width, height: box.height, fit: box.width && box.height ? 'cover' : 'inside', withoutEnlargement: !vector })
    .webp({ quality: 82 })
    .toBuffer();
}
