// reCAPTCHA siteverify (https://developers.google.com/recaptcha/docs/verify): a form POST with the secret, the
// user's token and optionally their IP; `success` says whether the token is genuine. Off when not configured.

export type RecaptchaConfig = { RECAPTCHA_SECRET?: string | undefined; RECAPTCHA_VERIFY_URL: string };

export const isRecaptchaOn = (config: RecaptchaConfig) => Boolean(config.RECAPTCHA_SECRET);

export async function verifyRecaptcha(config: RecaptchaConfig, token: string, ip?: string): Promise<boolean> {
  if (!config.RECAPTCHA_SECRET) return false;
  const form = new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response: token });
  if (ip) form.set('remoteip', ip);
  try {
    const res = await fetch(config.RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false;
  }
}
