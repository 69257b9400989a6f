import { AppError } from './app-error.ts';

export type RecaptchaConfig = { secret: string | undefined; verifyUrl: string };

/**
 * Checks a reCAPTCHA token with the verify endpoint (Google's `siteverify` protocol: form-encoded secret, response,
 * remoteip; JSON `{ success }`). Off when no secret is configured. Throws RECAPTCHA_FAILED ('reCAPTCHA error', spec §5)
 * when the token is missing, refused, or the endpoint cannot be reached: a broken check never lets a message through.
 */
export async function verifyRecaptcha(config: RecaptchaConfig, token: string | undefined, ip: string): Promise<void> {
  if (!config.secret) return;
  if (!token) throw new AppError('RECAPTCHA_FAILED', 'reCAPTCHA error');
  let success = false;
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { success?: unknown };
    success = response.ok && body.success === true;
  } catch {
    success = false;
  }
  if (!success) throw new AppError('RECAPTCHA_FAILED', 'reCAPTCHA error');
}
