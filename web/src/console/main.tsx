import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#web/app/app';
import { queryClient, reportUnhandledError } from '#web/app/query-client';
import { getCountryCode } from '#web/i18n/get-country-code';
import { initI18n, setLanguageChunks } from '#web/i18n/index';
import { chooseStartLanguage } from '#web/i18n/start-language';
import { sessionQueryOptions } from '#web/lib/session';
import { settingsQueryOptions } from '#web/lib/settings';
import { readStored, STORAGE_KEYS, writeStored } from '#web/lib/storage';
import { createConsoleRouter } from '#web/console/app/router';
import { CONSOLE_LANGUAGE_CHUNKS } from '#web/console/app/strings';
import '#web/ui/theme.css';

// The console: its own page (console.html) and build (vite.console.config.ts), served under /operator/ to a signed-in
// supplier or admin (server/src/plugins/web-app.ts). It starts as the customer app does (src/main.tsx), with its own
// language chunks and router. Not one start-up function for both: moved out of src/main.tsx, the same code reordered
// the customer entry's modules and cost every customer route 0.6 to 0.9 KB gzip (bench/README.md).

// Spec §8: an error nobody caught is logged and the user told.
window.addEventListener('unhandledrejection', (event) => reportUnhandledError(event.reason));
window.addEventListener('error', (event) => {
  // Not a failure: a ResizeObserver callback resized again within the frame; the browser delivers the rest next frame.
  if (!event.error && event.message.startsWith('ResizeObserver loop')) return;
  reportUnhandledError(event.error ?? event.message);
});

setLanguageChunks(CONSOLE_LANGUAGE_CHUNKS);
// Created first so that the current screen's code downloads while the language is chosen; every screen waits on the
// session (app/router.tsx), asked for at once.
const router = createConsoleRouter(queryClient);
void queryClient.prefetchQuery(settingsQueryOptions);
void queryClient.prefetchQuery(sessionQueryOptions);

async function start(): Promise<void> {
  const { language, save } = await chooseStartLanguage({
    search: window.location.search,
    saved: readStored(STORAGE_KEYS.language),
    loadSettings: () => queryClient.fetchQuery(settingsQueryOptions),
    loadCountryCode: getCountryCode,
  });
  try {
    await initI18n(language);
    if (save) writeStored(STORAGE_KEYS.language, language);
  } catch (error) {
    // The chosen language's strings did not download: start in English rather than not at all.
    console.error(error);
    await initI18n('en');
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('console.html has no #root element');
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
