import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';
import { LANGUAGES, LOCALE_TAGS } from '../contract/src/languages.ts';
import STRING_AREAS from './src/i18n/areas.json';

// The customer app's build (index.html), and the plugins and code-splitting groups the console's build
// (vite.console.config.ts) shares with it. `npm run build -w @roam/web` makes both, into dist/ and dist/operator/.

/**
 * Marks every top-level `const` of the contract whose value is a call (`new Set(…)`, `Object.fromEntries(…)`,
 * `COLUMNS.filter(…)`, and in the `.schema.ts` modules `z.object(…)`) pure, so that an unused one is dropped: the
 * bundler cannot prove a call pure by itself. The modules the web imports eagerly hold no zod (the contract by area,
 * docs/architecture.md §1), yet their derived constants still cost every customer route bytes without it: measured
 * on the same tree, `/` +113 B, `/search` +170 B, `/checkout` +163 B, `/bookings` +112 B gzip (bench/README.md,
 * "Route JS ratchet"). Safe because the contract is values, schemas and pure rules only: none of its top-level calls
 * is made for a side effect.
 */
export function pureContractConstants(): Plugin {
  return {
    name: 'roam:pure-contract-constants',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]contract[\\/]src[\\/][\w.-]+\.ts$/.test(id)) return null;
      const edits: { start: number; end: number }[] = [];
      for (const node of parseAst(code).body) {
        const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations) {
          if (init && (init.type === 'CallExpression' || init.type === 'NewExpression')) edits.push(init);
        }
      }
      let out = code;
      for (const { start, end } of edits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

export const api = { '/api': 'http://127.0.0.1:3000' };

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, compressed once at their
 * highest levels, for the server to send to browsers that accept them (server/src/plugins/web-app.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'roam:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter(
        (name) => /\.(js|css|html|svg|json|txt)$/.test(name) && !name.startsWith('.vite'),
      )) {
        const full = path.join(outDir, file);
        const content = readFileSync(full);
        if (content.length < 1024) continue;
        writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Every screen loads lazily (spec §2), so its chunk would be requested only once the entry chunk has run: one more
 * round trip before the first paint. This inlines a tiny script in index.html that, for the address being opened,
 * preloads the screen's chunk (and the chunks and CSS it imports) alongside the entry. Screens map to paths by name
 * (`features/x/search-screen.tsx` → `/search`, `home-screen` → `/`); a screen whose path differs is just not
 * preloaded. Likewise the strings (src/i18n/index.ts), which would otherwise wait for the entry, then for the
 * language's chunk: that chunk and the screen's areas (src/i18n/areas.json) in the likely language — `?l=`, else the
 * saved one, else English.
 */
function preloadRouteChunks(): Plugin {
  return {
    name: 'roam:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const inEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        // Per language: its chunk (core areas), then each area's chunk in `areaNames` order.
        const areaNames = [
          ...new Set(
            chunks.flatMap(
              (chunk) => chunk.facadeModuleId?.match(/[\\/]i18n[\\/]locales[\\/]en[\\/](\w+)\.json$/)?.[1] ?? [],
            ),
          ),
        ].sort();
        const strings: Record<string, [string, string[]]> = {};
        for (const chunk of chunks) {
          const [, language, name] =
            chunk.facadeModuleId?.match(/[\\/]i18n[\\/]locales[\\/](\w+)[\\/](\w+)\.(?:ts|json)$/) ?? [];
          if (!language || !name) continue;
          strings[language] ??= ['', []];
          if (name === 'index') strings[language][0] = chunk.fileName;
          else strings[language][1][areaNames.indexOf(name)] = chunk.fileName;
        }
        const routes: Record<string, [string[], number[]]> = {};
        for (const chunk of chunks) {
          const screen = chunk.facadeModuleId?.match(/[\\/]features[\\/][\w-]+[\\/]([\w-]+)-screen\.tsx$/)?.[1];
          if (!screen) continue;
          const files = new Set<string>();
          const walk = (fileName: string) => {
            if (files.has(fileName) || inEntry.has(fileName)) return;
            files.add(fileName);
            const imported = byFile.get(fileName);
            for (const css of imported?.viteMetadata?.importedCss ?? []) files.add(css);
            for (const next of imported?.imports ?? []) walk(next);
          };
          walk(chunk.fileName);
          const areas = (STRING_AREAS.screens as Record<string, string[]>)[screen] ?? [];
          routes[screen === 'home' ? '/' : `/${screen}`] = [[...files], areas.map((area) => areaNames.indexOf(area))];
        }
        // Each link in CORS mode (`crossorigin`), as Vite's loader then asks for the file: a preload in another mode is
        // not reused, and a screen's CSS was downloaded twice (Chromium: "credentials mode does not match").
        // The likely language: `?l=`, else the saved one, else the deployment's default (src/i18n/start-language.ts).
        // When it is certain — not left to the visitor's country, which the app asks the server for — it is also
        // written on <html data-start-language> for the home hero's shell (shellHomeHero, below).
        const script = `(function(){var p=location.pathname.replace(/\\/$/,'')||'/',f=${JSON.stringify(routes)}[p],s=${JSON.stringify(strings)},g,k;try{var q=new URLSearchParams(location.search).get('l'),v=localStorage.getItem('roam.language'),c=JSON.parse(document.getElementById('roam-settings').textContent);k=s[q]?q:s[v]?v:c.setLanguageFromIp?null:c.defaultLanguage;g=k||c.defaultLanguage}catch(e){}if(k&&s[k])document.documentElement.setAttribute('data-start-language',k);g=s[g]||s.en;function a(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.crossOrigin='';l.href='/'+h;document.head.appendChild(l)}a(g[0]);if(f){f[0].forEach(a);f[1].forEach(function(i){a(g[1][i])})}})()`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

/**
 * On "/", index.html paints the home hero's headline and introduction with the header, before the app's code runs
 * (the introduction was the page's largest paint, ~1.2 s after the header on a phone), and the search
 * form's skeleton with its words, in the language the head script is certain of; otherwise the
 * shell stays hidden and the app paints the hero as before. The strings are the locale files' own, and the app's
 * hero and skeleton replace the shell's in the same place. A site with no bookable car yet (the inline
 * settings' `"bookable":false`) shows "coming soon" there instead of a form: the shell stays hidden.
 */
function shellHomeHero(): Plugin {
  return {
    name: 'roam:shell-home-hero',
    apply: 'build',
    transformIndexHtml() {
      const hero: Record<string, [string, string, string, string[], string, string]> = {};
      const read = (language: string, area: string) =>
        JSON.parse(
          readFileSync(path.resolve(import.meta.dirname, `src/i18n/locales/${language}/${area}.json`), 'utf8'),
        );
      for (const language of LANGUAGES) {
        const home = read(language, 'home');
        const form = read(language, 'search').form;
        // The skeleton's labels in its order (search-form-skeleton.tsx), its checkbox's words and its button's.
        const labels = [form.pickupLocation, form.pickupDate, form.pickupTime, form.dropoffDate, form.dropoffTime];
        hero[language] = [
          LOCALE_TAGS[language],
          home.hero.headline,
          home.hero.intro,
          labels,
          form.sameLocation,
          form.submit,
        ];
      }
      const strings = JSON.stringify(hero).replaceAll('<', '\\u003c');
      const script = `(function(){var m=document.getElementById('roam-shell-home'),h=${strings}[document.documentElement.getAttribute('data-start-language')];if(!m||!h||location.pathname.replace(/\\/$/,'')!==''||/"bookable":false/.test((document.getElementById('roam-settings')||m).textContent))return;m.lang=h[0];m.querySelector('h1').textContent=h[1];m.querySelector('p').textContent=h[2];m.querySelectorAll('.search-field__label').forEach(function(l,i){l.textContent=h[3][i]});m.querySelector('.search-checkbox').append(h[4]);m.querySelector('.search-form__submit').textContent=h[5];m.hidden=false})()`;
      return [{ tag: 'script', children: script, injectTo: 'body' }];
    },
  };
}

/**
 * The entry's stylesheet (theme, header, footer, home hero: 2.8 KB gzip) goes into index.html as a `<style>`: as a
 * `<link>` it blocked the first paint for one more round trip after the HTML (Lighthouse: "render-blocking
 * resources", ~150 ms on a phone's network). A screen's own CSS still arrives with its chunk. Vite lists the entry's
 * CSS among every lazy chunk's dependencies, and its loader fetches a stylesheet that no `<link rel="stylesheet">`
 * in the page names (its `resolveDependencies` option cannot drop CSS). A link that names the file for it, with a
 * type that is not CSS, is one no browser fetches (HTML's link element: a style sheet of an unsupported type is not
 * obtained); `disabled` alone was not enough: Chromium 150 downloads a disabled style sheet.
 */
function inlineEntryCss(): Plugin {
  const entryCss = /^assets\/index-[\w-]+\.css$/;
  return {
    name: 'roam:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (!entryCss.test(fileName) || asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style><link rel="stylesheet" type="text/x-inlined" href="/${fileName}" disabled>`;
        });
      },
    },
  };
}

/**
 * Writes `.vite/chunk-modules.json` beside the build manifest: each JS chunk's modules (paths from web/, so
 * `../contract/…` and `../node_modules/…` too). bench/ci.mjs reads it to check that no console module is in the
 * customer app's build: the manifest names only a chunk's entry module, not what the bundler merged into it.
 */
export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'roam:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = chunk.moduleIds
          .filter((id) => path.isAbsolute(id))
          .map((id) => path.relative(root, id).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules) });
    },
  };
}

/**
 * In development one server (`vite`) serves both apps: an address under /operator/ gets console.html, as the server
 * does in production for an operator (server/src/plugins/web-app.ts); Vite then answers every other request.
 */
function consoleInDevelopment(): Plugin {
  return {
    name: 'roam:console-in-development',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (/^\/operator(?:[/?]|$)/.test(request.url ?? '') && request.headers.accept?.includes('text/html'))
          request.url = '/console.html';
        next();
      });
    },
  };
}

// The config's named code-splitting groups, shared with the console's build. Rolldown cuts chunks by module, and puts
// a module that several lazy screens import in a chunk of its own (one more request and gzip dictionary each); these
// groups put modules that the same screens load together in one chunk (bench/README.md, "Route JS ratchet").
/**
 * The price engine, money and date formatting, and a booking's values (statuses, payment options, amounts): what
 * every screen that shows a price loads (`/search`, `/checkout`, `/bookings`). One chunk: cut by consumer they were
 * four small chunks (+1.3 KB gzip on `/checkout`); the date formats and the booking's values in it save a request
 * each on those three routes (−0.1 to −0.2 KB each).
 */
const MONEY =
  /contract\/src\/(price|money|rates-snapshot|bookings)\.ts$|src\/lib\/use-money\.ts$|src\/i18n\/formats\.ts$/;
/**
 * The form hook and its fields: every form screen loads them together (−0.5 KB on `/checkout`). The file field is not
 * in it: the checkout's licence section, its only customer screen, loads it lazily (most suppliers ask for none).
 */
const FORMS = /src\/(lib\/use-contract-form|ui\/form-field)\.tsx?$/;
/**
 * The search's criteria as the address holds them, with the car enumerations they are read with (contract cars.ts):
 * the home page, the search and the checkout read them with their first paint (−0.1 KB on each, against a chunk of
 * the car values alone).
 */
const SEARCH = /src\/lib\/(search-params|locations)\.ts$|contract\/src\/cars\.ts$/;
/**
 * zod and the schemas every form's schema uses (a language, a date): loaded lazily with the first form, one chunk
 * rather than three, which also shortens the list of files every screen with a form names for its preload.
 */
const ZOD = /node_modules[\\/]zod[\\/]|contract\/src\/(languages|time)\.schema\.ts$/;
/** The chunks every build cuts by name; `entry`: the name of its entry chunk. */
export function chunkGroups(entry: string) {
  return [
    { name: entry, tags: ['$initial' as const] },
    { name: 'money', test: MONEY },
    { name: 'forms', test: FORMS },
    { name: 'zod', test: ZOD },
    { name: 'search-params', test: SEARCH },
  ];
}

/**
 * The plugins both builds use, in this order: React, react-aria's strings in Roam's languages only (it ships them for
 * 34 locales: −19.7 KB gzip on the search form's chunk, bench/README.md), the contract's pure constants.
 */
/**
 * A booking's status words and its summary's labels are the contract's (contract/locales/<language>/booking-words.json,
 * docs/translations.md): the server's e-mails and receipts read them there, and this merges them into the web's
 * `bookings` area as it is loaded, so a screen and an e-mail cannot word one status two ways. At build time: the
 * area's chunk is what it was, one file in each language.
 */
export function sharedBookingWords(): Plugin {
  return {
    name: 'roam:shared-booking-words',
    enforce: 'pre',
    transform(code, id) {
      const language = id.match(/[\\/]i18n[\\/]locales[\\/](\w+)[\\/]bookings\.json$/)?.[1];
      if (!language) return null;
      const shared = path.resolve(import.meta.dirname, `../contract/locales/${language}/booking-words.json`);
      this.addWatchFile(shared);
      return { code: JSON.stringify({ ...JSON.parse(code), ...JSON.parse(readFileSync(shared, 'utf8')) }), map: null };
    },
  };
}

export const commonPlugins = () => [
  react(),
  optimizeLocales.vite({ locales: Object.values(LOCALE_TAGS) }),
  pureContractConstants(),
  sharedBookingWords(),
];

export default defineConfig({
  plugins: [
    ...commonPlugins(),
    precompress(),
    preloadRouteChunks(),
    shellHomeHero(),
    inlineEntryCss(),
    chunkModules(),
    consoleInDevelopment(),
  ],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    manifest: true,
    rolldownOptions: {
      output: {
        // Rolldown gives a module the entry and a lazy screen both import (react/jsx-runtime, i18next, the query
        // client, the API client…) a chunk of its own, as if the screen could load without the entry. It cannot:
        // every such module downloads on every first visit. One group keeps all the entry's static imports in the
        // entry chunk: 9 requests become 1 and every route 4.1 KB gzip lighter (bench/README.md, route JS).
        codeSplitting: { groups: chunkGroups('index') },
      },
    },
  },
});
