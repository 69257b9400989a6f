import { LanguageSchema } from '@roam/contract/languages.schema';
import { escapeHtml, htmlTranslator, translator } from '#server/i18n/translate.ts';
import type { Mail } from '#server/lib/mailer.ts';

// Account e-mails in the recipient's language (words: i18n/locales/<language>/account.json), links built from
// PUBLIC_URL, never the Host header. The HTML body takes its texts from the HTML translator, which escapes them and
// their values (docs/translations.md).

/**
 * `invite`: the admin made the account (a supplier); `member`: a team invited the person. The link sets
 * the first password.
 */
type Kind = 'activate' | 'reset' | 'invite' | 'member';

/** The activation, password-reset or invitation message with its one-time link. */
export function accountLinkMail(input: {
  kind: Kind;
  language: string;
  to: string;
  fullName: string;
  link: string;
  websiteName: string;
  /** The team that invites (`member`): the business's name, or the site's for the platform. */
  team?: string;
}): Mail {
  const language = LanguageSchema.safeParse(input.language).data ?? 'en';
  const values = { site: input.websiteName, name: input.fullName, team: input.team ?? input.websiteName };
  const text = translator(language, 'account');
  const html = htmlTranslator(language, 'account');
  const { kind } = input;
  const body = [
    text(`${kind}.hello`, values),
    '',
    text(`${kind}.body`, values),
    '',
    `${text(`${kind}.action`)}: ${input.link}`,
    '',
    text(`${kind}.expiry`),
    text(`${kind}.ignore`),
    '',
    input.websiteName,
  ].join('\n');
  const link = escapeHtml(input.link);
  const htmlBody = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${html(`${kind}.hello`, values)}</p><p>${html(`${kind}.body`, values)}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${html(`${kind}.action`)}</a></p>
<p style="font-size:13px;color:#555">${html(`${kind}.expiry`)}<br>${html(`${kind}.ignore`)}</p>
<p style="font-size:13px;color:#555">${link}</p>
<p>${escapeHtml(input.websiteName)}</p></body></html>`;
  return { to: input.to, subject: text(`${kind}.subject`, values), text: body, html: htmlBody };
}
