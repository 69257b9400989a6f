import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicSettings } from '#server/features/system/public-settings.service.ts';
import type { SessionUser } from './session.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** web/dist, from server/src/plugins (source) or server/dist (bundle). */
export const DEFAULT_WEB_DIST = path.resolve(here, here.endsWith('dist') ? '../../web/dist' : '../../../web/dist');

/** The console's page: its own build, under /operator/ (web/vite.console.config.ts). */
const CONSOLE_PAGE = path.join('operator', 'console.html');
const isOperator = (user: SessionUser | null) => user !== null && !user.blacklisted && user.role !== null;

/**
 * Serves the built web app (docs/architecture.md §2): hashed assets cached for a year, everything else revalidated,
 * and client routes answered with index.html. Unknown /api/* paths keep their JSON 404. Static text files go out
 * compressed from the `.br`/`.gz` copies the build writes beside them (web/vite.config.ts); index.html and API
 * answers are compressed per response by @fastify/compress (app.ts).
 *
 * The operators' console is another page, console.html, with its files under /operator/assets/: every /operator
 * address gets it when the session is a supplier's or the admin's, and index.html otherwise, whose app shows
 * not-found there, as on any unknown address: a driver or a visitor downloads none of the console.
 */
export async function registerWebApp(app: FastifyInstance, webDist = DEFAULT_WEB_DIST) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build`; serving the API only');
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const consoleFile = path.join(webDist, CONSOLE_PAGE);
  const consoleHtml = existsSync(consoleFile) ? readFileSync(consoleFile, 'utf8') : null;
  if (!consoleHtml) app.log.warn({ webDist }, 'the console is not built: /operator/ answers as an unknown address');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The console's page goes only to an operator, with the settings inline: never as a file.
    allowedPath: (pathName) => pathName !== `/${CONSOLE_PAGE.split(path.sep).join('/')}`,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The settings are read per request: the admin changes the booking rules and the site's name at run time
  // (docs/architecture.md §3 "Site settings") and a site opens with its first bookable car ("coming soon").
  const sendPage = async (reply: FastifyReply, page: string, cacheControl = 'no-cache') => {
    const settings = await publicSettings(app.context);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(withSettings(withShellName(page, settings.websiteName), JSON.stringify(settings)));
  };
  app.get('/', (_request, reply) => sendPage(reply, html));
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `No route GET ${urlPath}` });
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (urlPath.startsWith('/assets/')) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    return sendPage(reply, html);
  });
  // Which page depends on the session: never one for another visitor from a shared cache.
  const sendConsole = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/operator/assets/'))
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    const page = consoleHtml && isOperator(request.sessionUser) ? consoleHtml : html;
    return sendPage(reply.header('vary', 'cookie'), page, 'private, no-cache');
  };
  app.get('/operator', sendConsole);
  app.get('/operator/*', sendConsole);
}

/**
 * index.html with the settings of `GET /api/settings` inline: a first visit chooses its language from
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
 * index.html's header shell (painted before the app's code runs) and its title with the site's name in force
 * rather than the default the file carries, so that neither changes its name when the app takes over. `$` is escaped
 * too: the name goes into a replacement pattern.
 */
export function withShellName(html: string, websiteName: string): string {
  const escaped = websiteName.replace(/[&<>"'$]/g, (char) => `&#${char.charCodeAt(0)};`);
  return html
    .replace(/(<span id="roam-shell-name">)[^<]*(<\/span>)/, `$1${escaped}$2`)
    .replace(/(<title>)[^<]*(<\/title>)/, `$1${escaped}$2`);
}
