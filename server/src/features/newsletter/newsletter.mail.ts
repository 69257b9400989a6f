import type { Language } from '@roam/contract/languages';
import { translator } from '#server/i18n/translate.ts';

// The newsletter's e-mails, in the recipient's language (words: i18n/locales/<language>/newsletter.json).

type Links = { websiteName: string; confirmUrl: string; unsubscribeUrl: string };

/** The double opt-in message, or — for an address already confirmed — a note with the unsubscribe link. */
export function newsletterMail(language: Language, confirmed: boolean, links: Links) {
  const t = translator(language, 'newsletter');
  const mail = confirmed ? 'already' : 'confirm';
  return { subject: t(`${mail}.subject`, links), text: t(`${mail}.text`, links) };
}
