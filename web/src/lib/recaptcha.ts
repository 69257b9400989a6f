// reCAPTCHA v3 (spec §9: off unless RECAPTCHA_SITE_KEY is set; §8 'ReCaptcha not loaded' when no token can be had),
// for every form that sends one (sign-up, contact). The script is third-party: it is loaded only by those forms,
// and only when the deployment configures a key.

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Starts loading the script for `siteKey` (once); a form calls it when it shows, so the token is quick to get. */
export function loadRecaptcha(siteKey: string): Promise<void> {
  let loaded = scripts.get(siteKey);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('ReCaptcha not loaded'));
      document.head.append(script);
    });
    // A failed download is tried again by the next form that asks.
    loaded.catch(() => scripts.delete(siteKey));
    scripts.set(siteKey, loaded);
  }
  return loaded;
}

/** A token for `action`; rejects with the spec §8 'ReCaptcha not loaded' when the script cannot be had. */
export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  await loadRecaptcha(siteKey);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error('ReCaptcha not loaded');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
