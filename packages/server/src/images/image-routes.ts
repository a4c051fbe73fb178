import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { parseQuery } from '../http/query.js';

const IMAGE_QUERY = { params: { sizex: 'number', sizey: 'number', shrink_only: 'boolean', shrink: 'boolean' } } as const;
const MAX_SIDE = 4000;
const cache = new Map<string, { body: Buffer; type: string; etag: string }>();
const CACHE_ENTRIES = 500;

/** Catalog images, resized on request (000 §7: sizex, sizey and a shrink-only flag). */
export function registerImageRoutes(app: FastifyInstance, db: Db) {
  for (const prefix of ['/api', '/cached_api']) {
    app.get<{ Params: { id: string } }>(`${prefix}/image/:id`, async (request, reply) => {
      const q = parseQuery(request.query as Record<string, unknown>, { params: { ...IMAGE_QUERY.params } });
      const width = q.params.sizex as number | undefined;
      const height = q.params.sizey as number | undefined;
      for (const [name, v] of [['sizex', width], ['sizey', height]] as const) {
        if (v !== undefined && (!Number.isInteger(v) || v < 1 || v > MAX_SIDE)) {
          throw new AppError(400, 'bad_field_value', `${name} must be a whole number from 1 to ${MAX_SIDE}.`, 'image');
        }
      }
      const shrinkOnly = (q.params.shrink_only ?? q.params.shrink ?? true) as boolean;
      const key = `${request.params.id}:${width}:${height}:${shrinkOnly}`;
      let hit = cache.get(key);
      if (!hit) {
        const image = await db.selectFrom('image').select(['data', 'content_type', 'width', 'height']).where('id', '=', request.params.id).executeTakeFirst();
        if (!image) throw new AppError(404, 'not_found', 'This image could not be found.', 'image', { id: request.params.id });
        const body = await renderImage(image, width, height, shrinkOnly);
        hit = { body, type: 'image/webp', etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, hit);
      }
      reply.header('cache-control', 'public, max-age=86400').header('etag', hit.etag);
      if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send();
      return reply.type(hit.type).send(hit.body);
    });
  }
}

/**
 * Resizes to the requested box (cover when both sides are given). Shrink-only caps the box at the
 * image's own size; vector images are rendered at a density that keeps them crisp at that size.
 */
async function renderImage(
  image: { data: Buffer; content_type: string; width: number; height: number },
  width: number | undefined,
  height: number | undefined,
  shrinkOnly: boolean,
): Promise<Buffer> {
  let w = width;
  let h = height;
  if (shrinkOnly && image.width && image.height) {
    const scale = Math.min(1, w ? image.width / w : 1, h ? image.height / h : 1);
    w = w ? Math.round(w * scale) : undefined;
    h = h ? Math.round(h * scale) : undefined;
  }
  const isVector = image.content_type === 'image/svg+xml';
  const upscale = isVector && image.width ? Math.max(1, (w ?? 0) / image.width, (h ?? 0) / image.height) : 1;
  return sharp(Buffer.from(image.data), isVector ? { density: Math.min(72 * 8, Math.ceil(72 * upscale)) } : {})
    .resize({ width: w, height: h, fit: w && h ? 'cover' : 'inside' })
    .webp({ quality: 82 })
    .toBuffer();
}
