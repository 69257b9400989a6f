import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const here = path.dirname(fileURLToPath(import.meta.url));
/** web/dist, from server/src/plugins (source) or server/dist (bundle). */
export const DEFAULT_WEB_DIST = path.resolve(here, here.endsWith('dist') ? '../../web/dist' : '../../../web/dist');

/**
 * Serves the built web app (ARCHITECTURE §2): hashed assets cached for a year, everything else revalidated,
 * and client routes answered with index.html. Unknown /api/* paths keep their JSON 404. Text files go out
 * compressed: the build writes `.br`/`.gz` copies beside them (web/vite.config.ts), sent to browsers that accept
 * them; index.html is compressed once here.
 */
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses the API's JSON and text answers of 1 KB or more (search results, location lists) for browsers that
 * accept it: Brotli at a fast level, else gzip. Streams (static files, downloads) are left alone; static files
 * have their precompressed copies.
 */
function registerResponseCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < 1024 || reply.hasHeader('content-encoding')) return payload;
    if (!/^(application\/json|text\/)/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(payload);
    const vary = reply.getHeader('vary');
    reply.header('content-encoding', encoding).removeHeader('content-length');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    return compressed;
  });
}

export async function registerWebApp(app: FastifyInstance, webDist = DEFAULT_WEB_DIST) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build`; serving the API only');
    return;
  }
  registerResponseCompression(app);
  const indexHtml = readFileSync(indexFile);
  const indexBrotli = brotliCompressSync(indexHtml);
  const indexGzip = gzipSync(indexHtml, { level: 9 });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(indexBrotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(indexGzip);
    return reply.send(indexHtml);
  };
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `No route GET ${urlPath}` });
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (urlPath.startsWith('/assets/')) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    return sendIndex(request, reply);
  });
}
