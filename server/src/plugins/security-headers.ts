import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';

// Security headers on every answer (docs/architecture.md §4 "Security headers"; second outside audit, items 6 and 11):
// a Content-Security-Policy under which only our own scripts run — the built files, the inline scripts the build
// writes into the HTML (by their hashes), and the providers' SDKs the deployment configures — so that text someone
// managed to slip into a page as markup still cannot run; no framing; a strict referrer; the browser features the
// app uses and no others; no content-type sniffing.

/** The hashes of the inline `<script>` and `<style>` elements of the built HTML files, as CSP sources. */
export type InlineHashes = { scripts: string[]; styles: string[] };

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** Inline scripts the browser runs: not a `src` one, and not a data block (`type="application/json"`). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/** The inline scripts' and styles' hashes of the HTML pages `html`. */
export function inlineHashesOf(html: readonly string[]): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const page of html) {
    for (const match of page.matchAll(INLINE_SCRIPT)) scripts.add(hashOf(match[1] ?? ''));
    for (const match of page.matchAll(INLINE_STYLE)) styles.add(hashOf(match[1] ?? ''));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** The inline hashes of the built web app's HTML pages (index.html, console.html…); none without a build. */
export function inlineHashesOfBuild(webDist: string | null): InlineHashes {
  if (!webDist || !existsSync(webDist)) return { scripts: [], styles: [] };
  // The customer app's pages at the top, the console's under operator/ (its own build, web/vite.console.config.ts).
  const pages = readdirSync(webDist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return inlineHashesOf(pages.map((file) => readFileSync(path.join(webDist, file), 'utf8')));
}

/** A URL's origin as a CSP source; a tile server's `{s}` subdomain placeholder becomes a wildcard. */
function originOf(url: string): string | null {
  try {
    return new URL(url.replaceAll('{s}', 'subdomain')).origin.replace('//subdomain.', '//*.');
  } catch {
    return null;
  }
}

type Sources = Record<'script' | 'style' | 'img' | 'connect' | 'frame', string[]>;

/**
 * What the configured providers need, and only when configured: the wallet's SDK (its own host and PayPal's), the
 * reCAPTCHA script and frame, the social sign-in SDKs, the analytics tag after consent, and the map's tile server.
 */
function providerSources(config: Config): Sources & { unsafeInlineStyles: boolean } {
  const sources: Sources = { script: [], style: [], img: [], connect: [], frame: [] };
  const add = (kinds: (keyof Sources)[], ...values: (string | null)[]) => {
    for (const kind of kinds) for (const value of values) if (value) sources[kind].push(value);
  };
  const tiles = originOf(config.MAP_TILE_URL);
  if (tiles) add(['img'], tiles);
  // The wallet's SDK styles its buttons with inline styles: with it, style-src cannot be strict (scripts still are).
  let unsafeInlineStyles = false;
  if (config.PAYPAL_CLIENT_ID) {
    const sdk = originOf(config.PAYPAL_SDK_URL);
    const paypal = sdk?.endsWith('paypal.com') ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : [];
    add(['script', 'connect', 'frame', 'img'], sdk, ...paypal);
    unsafeInlineStyles = true;
  }
  if (config.RECAPTCHA_SITE_KEY) {
    add(['script'], 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    add(['frame'], 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (config.GOOGLE_CLIENT_ID) add(['script', 'style', 'frame', 'connect'], originOf(config.GOOGLE_SDK_URL));
  if (config.FACEBOOK_APP_ID) {
    add(['script'], originOf(config.FACEBOOK_SDK_URL));
    add(['frame', 'connect'], 'https://www.facebook.com');
  }
  if (config.APPLE_CLIENT_ID) {
    add(['script'], originOf(config.APPLE_SDK_URL));
    add(['frame', 'connect'], 'https://appleid.apple.com');
  }
  if (config.ANALYTICS_ID) {
    add(['script'], 'https://www.googletagmanager.com');
    add(['connect', 'img'], 'https://www.googletagmanager.com', 'https://*.google-analytics.com');
    add(['connect'], 'https://*.analytics.google.com');
  }
  return { ...sources, unsafeInlineStyles };
}

const unique = (values: string[]) => [...new Set(values)].join(' ');

/** The Content-Security-Policy of every answer of this deployment. */
export function contentSecurityPolicy(config: Config, inline: InlineHashes): string {
  const providers = providerSources(config);
  // A hash in style-src makes browsers ignore 'unsafe-inline': with the wallet, the styles' hashes are left out.
  const styles = providers.unsafeInlineStyles ? ["'unsafe-inline'"] : inline.styles;
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', unique(["'self'", ...inline.scripts, ...providers.script])],
    ['style-src', unique(["'self'", ...styles, ...providers.style])],
    ['img-src', unique(["'self'", 'data:', 'blob:', ...providers.img])],
    ['font-src', "'self'"],
    ['connect-src', unique(["'self'", ...providers.connect])],
    ['frame-src', providers.frame.length > 0 ? unique(providers.frame) : "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    // The card provider's checkout is reached by a link, not a form: forms post to our own API only.
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * The browser features the app uses: the camera (the counter's photos of a car, taken with the device's camera) and
 * payments (the wallet); none of the others — the app asks no one's location.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), payment=(self), geolocation=(), microphone=(), usb=(), serial=(), bluetooth=(), ' +
  'accelerometer=(), gyroscope=(), magnetometer=(), midi=(), display-capture=()';

/** The headers of every answer. */
export function securityHeaders(config: Config, inline: InlineHashes): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config, inline),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    // frame-ancestors' elder, for browsers without CSP level 2.
    'x-frame-options': 'DENY',
    ...(config.PUBLIC_URL.startsWith('https:') ? { 'strict-transport-security': 'max-age=15552000' } : {}),
  };
}

/**
 * Adds the headers to every answer — pages, files, API answers and errors alike — unless a route set its own (the
 * API documentation's pages set a policy for their own inline code, app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, inline: InlineHashes): void {
  const headers = Object.entries(securityHeaders(config, inline));
  // A callback hook, not an async one: it runs on every answer (as app.ts's x-request-id).
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
