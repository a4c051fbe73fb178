import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { parseQuery } from '../http/query.js';
import { MAX_REQUESTED_SIDE } from './image-sizes.js';
import { imageResizer } from './resize-image.js';
import { CATALOG_ERRORS, docs } from '../http/route-docs.js';

const IMAGE_QUERY = { params: { sizex: 'number', sizey: 'number', shrink_only: 'boolean', shrink: 'boolean' } } as const;

const IMAGE = docs({ summary: 'An image, resized by sizex/sizey (shrink_only)', ok: { description: 'image/webp' }, more: CATALOG_ERRORS });

/**
 * Catalog images, resized on request (docs/api.md#reads: sizex, sizey and a shrink-only flag). Sizes snap
 * to fixed steps; raster images never exceed their original, whatever shrink_only says.
 */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const resized = imageResizer({
    db: ctx.db,
    now: ctx.now,
    rendersPerMinute: ctx.settings.operations.imageRendersPerMinute,
    cacheBytes: ctx.settings.operations.imageCacheMb * 1024 * 1024,
  });
  for (const prefix of ['/api', '/cached_api']) {
    app.get<{ Params: { id: string } }>(`${prefix}/image/:id`, { schema: IMAGE }, async (request, reply) => {
      const q = parseQuery(request.query as Record<string, unknown>, { params: { ...IMAGE_QUERY.params } });
      const width = q.params.sizex as number | undefined;
      const height = q.params.sizey as number | undefined;
      for (const [name, v] of [['sizex', width], ['sizey', height]] as const) {
        if (v !== undefined && (!Number.isInteger(v) || v < 1 || v > MAX_REQUESTED_SIDE)) {
          throw new AppError(400, 'bad_field_value', `${name} must be a whole number from 1 to ${MAX_REQUESTED_SIDE}.`, 'image');
        }
      }
      const shrinkOnly = (q.params.shrink_only ?? q.params.shrink ?? true) as boolean;
      const image = await resized(request.params.id, { width, height }, shrinkOnly, request.ip);
      reply.header('cache-control', 'public, max-age=86400').header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type(image.type).send(image.body);
    });
  }
}
