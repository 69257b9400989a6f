import type { Config } from '#server/config.ts';

// reCAPTCHA siteverify (https://developers.google.com/recaptcha/docs/verify): a form POST with the secret, the
// user's token and their IP; `success` says whether the token is genuine. Off when no secret is configured. The one
// helper of the server: sign-up, the verify-recaptcha call and the contact form each map a refusal to
// their own answer.

export type RecaptchaConfig = Pick<Config, 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL'>;

export const isRecaptchaOn = (config: RecaptchaConfig) => Boolean(config.RECAPTCHA_SECRET);

/** Whether the provider calls the token genuine; false when it refuses, cannot be reached, or reCAPTCHA is off. */
export async function verifyRecaptcha(config: RecaptchaConfig, token: string, ip: string): Promise<boolean> {
  if (!config.RECAPTCHA_SECRET) return false;
  try {
    const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false;
  }
}

/**
 * Whether a form may go through: always when reCAPTCHA is off; otherwise only with a token the provider accepts. A
 * broken check never lets a message through.
 */
export async function passesRecaptcha(
  config: RecaptchaConfig,
  token: string | undefined,
  ip: string,
): Promise<boolean> {
  if (!isRecaptchaOn(config)) return true;
  return token ? verifyRecaptcha(config, token, ip) : false;
}
