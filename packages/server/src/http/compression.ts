import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers above 1 KB (brotli or gzip, by Accept-Encoding; absent, identity or
 * unknown: sent as is). Register before the routes. Built assets come precompressed from the
 * build (static-assets.ts) and images are not compressible types, so neither is touched here.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Per request, brotli's default (11) costs far more CPU than it saves bytes.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
