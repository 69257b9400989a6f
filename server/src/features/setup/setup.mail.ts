import type { Language } from '@roam/contract/languages';
import { translator } from '#server/i18n/translate.ts';
import type { Mail } from '#server/lib/mailer.ts';

// The set-up checklist's test e-mail, in the admin's language (words: i18n/locales/<language>/setup.json).

export function testEmail(language: Language, values: { site: string; name: string; to: string }): Mail {
  const t = translator(language, 'setup');
  const { site, name } = values;
  return { to: values.to, subject: t('testEmail.subject', { site, name }), text: t('testEmail.text', { site, name }) };
}
