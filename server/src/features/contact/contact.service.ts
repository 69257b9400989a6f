import type { ContactMessage } from '@roam/contract/contact';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { passesRecaptcha, type RecaptchaConfig } from '../../lib/recaptcha.ts';

export type ContactDeps = { mailer: Mailer; contactEmail: string; websiteName: string; recaptcha: RecaptchaConfig };

/**
 * Delivers a visitor's message to CONTACT_EMAIL (spec §7 send-email). The recipient comes from configuration only;
 * the visitor's address goes into Reply-To so the team can answer with one click.
 */
export async function sendContactMessage(deps: ContactDeps, message: ContactMessage, ip: string): Promise<void> {
  // 'reCAPTCHA error' (spec §5) when the token is missing, refused, or the provider cannot be reached.
  if (!(await passesRecaptcha(deps.recaptcha, message.recaptchaToken, ip))) {
    throw new AppError('RECAPTCHA_FAILED', 'reCAPTCHA error');
  }
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  await deps.mailer.send({
    to: deps.contactEmail,
    replyTo: message.email,
    subject: `[${deps.websiteName}] ${oneLine(message.subject)}`,
    text: [
      `From: ${oneLine(message.fullName)} <${message.email}>`,
      `Subject: ${oneLine(message.subject)}`,
      '',
      message.message,
    ].join('\n'),
  });
}
