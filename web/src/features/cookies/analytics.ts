// Analytics (spec §9 "Analytics is enabled") with Google Analytics' gtag.js, loaded only after consent.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    [disableFlag: `ga-disable-${string}`]: boolean | undefined;
  }
}

export const ANALYTICS_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** Loads gtag.js once for `id`; also lifts an earlier opt-out. */
export function enableAnalytics(id: string): void {
  window[`ga-disable-${id}`] = false;
  if (document.getElementById('analytics-script')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as in Google's snippet.
    // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object, not an array.
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { anonymize_ip: true });
  const script = document.createElement('script');
  script.id = 'analytics-script';
  script.async = true;
  script.src = `${ANALYTICS_SCRIPT_URL}?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** A script cannot be unloaded: after a change of mind, gtag's documented opt-out flag stops all collection. */
export function disableAnalytics(id: string): void {
  window[`ga-disable-${id}`] = true;
}
