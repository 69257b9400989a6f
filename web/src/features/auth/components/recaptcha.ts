// reCAPTCHA v3 (spec §9: off unless configured; §8 'ReCaptcha not loaded' when the token cannot be had).

type Grecaptcha = { ready(cb: () => void): void; execute(siteKey: string, o: { action: string }): Promise<string> };

export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  if (!document.querySelector(`script[src="${src}"]`)) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('ReCaptcha not loaded'));
      document.head.append(script);
    });
  }
  const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!grecaptcha) throw new Error('ReCaptcha not loaded');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
