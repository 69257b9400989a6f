import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#web/app/app';
import { queryClient, reportUnhandledError } from '#web/app/query-client';
import { createAppRouter } from '#web/app/router';
import { getCountryCode } from '#web/i18n/get-country-code';
import { initI18n } from '#web/i18n/index';
import { chooseStartLanguage } from '#web/i18n/start-language';
import { settingsQueryOptions } from '#web/lib/settings';
import { readStored, STORAGE_KEYS, writeStored } from '#web/lib/storage';
import '#web/ui/theme.css';
// Global: index.html paints the home hero and the search form's skeleton before this code runs (vite.config.ts,
// shellHomeHero).
import '#web/features/home/home-hero.css';
import '#web/ui/search-form/search-form-layout.css';

// Spec §8: an error nobody caught is logged and the user told.
window.addEventListener('unhandledrejection', (event) => reportUnhandledError(event.reason));
window.addEventListener('error', (event) => {
  // Not a failure: a ResizeObserver callback resized again within the frame (keyboard focus scrolling the search
  // page does it), and the browser delivers the rest next frame. Reporting it showed the user an error toast.
  if (!event.error && event.message.startsWith('ResizeObserver loop')) return;
  reportUnhandledError(event.error ?? event.message);
});

// Created first so that the current screen's code downloads while the language is chosen.
const router = createAppRouter();
void queryClient.prefetchQuery(settingsQueryOptions);

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
  if (!container) throw new Error('index.html has no #root element');
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
