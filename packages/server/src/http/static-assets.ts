import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built storefront: hashed assets cached for a year (immutable), everything else revalidated;
 * the build's `.br`/`.gz` siblings are served by Accept-Encoding (with Vary). Answers whether a
 * build is there (the not-found handler then serves its index.html).
 */
export async function registerStaticAssets(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  const assets = join(dist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
