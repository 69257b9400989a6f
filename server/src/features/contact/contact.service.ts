import type { ContactMessage } from '@roam/contract/contact';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { passesRecaptcha } from '#server/lib/recaptcha.ts';

/**
 * Delivers a visitor's message to CONTACT_EMAIL (spec §7 send-email). The recipient comes from configuration only;
 * the visitor's address goes into Reply-To so the team can answer with one click.
 */
export async function sendContactMessage(ctx: AppContext, message: ContactMessage, ip: string): Promise<void> {
  // 'reCAPTCHA error' (spec §5) when the token is missing, refused, or the provider cannot be reached.
  if (!(await passesRecaptcha(ctx.config, message.recaptchaToken, ip))) {
    throw new AppError('RECAPTCHA_FAILED', 'reCAPTCHA error');
  }
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  await ctx.mailer.send({
    to: ctx.config.CONTACT_EMAIL,
    replyTo: message.email,
    subject: `[${ctx.config.WEBSITE_NAME}] ${oneLine(message.subject)}`,
    text: [
      `From: ${oneLine(message.fullName)} <${message.email}>`,
      `Subject: ${oneLine(message.subject)}`,
      '',
      message.message,
    ].join('\n'),
  });
}
