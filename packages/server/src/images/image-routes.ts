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
        const image = await db.selectFrom('image').select(['data', 'content_type']).where('id', '=', request.params.id).executeTakeFirst();
        if (!image) throw new AppError(404, 'not_found', 'This image could not be found.', 'image', { id: request.params.id });
        const body = await sharp(Buffer.from(image.data), { density: 144 })
          .resize({ width, height, fit: width && height ? 'cover' : 'inside', withoutEnlargement: shrinkOnly })
          .webp({ quality: 82 })
          .toBuffer();
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
