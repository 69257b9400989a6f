// reCAPTCHA v3 (ARCHITECTURE §3: on only when RECAPTCHA_SITE_KEY is set). The script is third-party, so it is
// loaded only by the screens that need it, and only when the deployment configures a key.

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_ID = 'recaptcha-script';

export function loadRecaptcha(siteKey: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  document.head.append(script);
}

/** A token for `action`; fails with the spec §8 'ReCaptcha not loaded' when the script is not there. */
export function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return Promise.reject(new Error('ReCaptcha not loaded'));
  return new Promise((resolve, reject) => {
    grecaptcha.ready(() => {
      grecaptcha.execute(siteKey, { action }).then(resolve, reject);
    });
  });
}
