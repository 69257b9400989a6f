import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicSettings } from '#server/features/system/public-settings.service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** web/dist, from server/src/plugins (source) or server/dist (bundle). */
export const DEFAULT_WEB_DIST = path.resolve(here, here.endsWith('dist') ? '../../web/dist' : '../../../web/dist');

/**
 * Serves the built web app (ARCHITECTURE §2): hashed assets cached for a year, everything else revalidated,
 * and client routes answered with index.html. Unknown /api/* paths keep their JSON 404. Static text files go out
 * compressed from the `.br`/`.gz` copies the build writes beside them (web/vite.config.ts); index.html and API
 * answers are compressed per response by @fastify/compress (app.ts).
 */
export async function registerWebApp(app: FastifyInstance, webDist = DEFAULT_WEB_DIST) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build`; serving the API only');
    return;
  }
  const html = withShellName(readFileSync(indexFile, 'utf8'), app.config.WEBSITE_NAME);
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
  // The settings are read per request: the admin changes the booking rules at run time (issue #24 item 7)
  // and a site opens with its first bookable car (issue #26 "coming soon").
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withSettings(html, JSON.stringify(await publicSettings(app.context))));
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `No route GET ${urlPath}` });
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (urlPath.startsWith('/assets/')) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    return sendIndex(reply);
  });
}

/**
 * index.html with the settings of `GET /api/settings` inline (issue #8): a first visit chooses its language from
 * them before the first paint, which otherwise waited one more round trip after the entry script. Placed before the
 * head's first script, whose preloads read the default language from it (web/vite.config.ts). They are public (the
 * booking rules among them change at run time, so they are read per request); `<` is escaped so that no value can close the script element.
 */
export function withSettings(html: string, settingsJson: string): string {
  const script = `<script id="roam-settings" type="application/json">${settingsJson.replaceAll('<', '\\u003c')}</script>`;
  const at = html.indexOf('<script');
  const headEnd = html.indexOf('</head>');
  const before = at !== -1 && at < headEnd ? at : headEnd;
  return `${html.slice(0, before)}${script}\n    ${html.slice(before)}`;
}

/**
 * index.html's header shell (painted before the app's code runs, issue #8) with the deployment's website name
 * rather than the default the file carries, so that the header does not change its name when the app takes over.
 */
export function withShellName(html: string, websiteName: string): string {
  const escaped = websiteName.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return html.replace(/(<span id="roam-shell-name">)[^<]*(<\/span>)/, `$1${escaped}$2`);
}
