import type { ContactMessage } from '@roam/contract/contact';
import type { AppContext } from '#server/context.ts';
import { siteSettings } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { passesRecaptcha } from '#server/lib/recaptcha.ts';

/**
 * Delivers a visitor's message to the site's contact e-mail (spec §7 send-email): the admin's in the console, else
 * CONTACT_EMAIL. The recipient comes from the site settings only;
 * the visitor's address goes into Reply-To so the team can answer with one click.
 */
export async function sendContactMessage(ctx: AppContext, message: ContactMessage, ip: string): Promise<void> {
  // 'reCAPTCHA error' (spec §5) when the token is missing, refused, or the provider cannot be reached.
  if (!(await passesRecaptcha(ctx.config, message.recaptchaToken, ip))) {
    throw new AppError('RECAPTCHA_FAILED', 'reCAPTCHA error');
  }
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const site = await siteSettings(ctx);
  await ctx.mailer.send({
    to: site.contactEmail,
    replyTo: message.email,
    subject: `[${site.websiteName}] ${oneLine(message.subject)}`,
    text: [
      `From: ${oneLine(message.fullName)} <${message.email}>`,
      `Subject: ${oneLine(message.subject)}`,
      '',
      message.message,
    ].join('\n'),
  });
}
