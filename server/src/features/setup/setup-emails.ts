import type { Language } from '@roam/contract/enums';
import type { Mail } from '#server/lib/mailer.ts';

// The set-up checklist's test e-mail (issue #26 item 2), in the admin's language (ARCHITECTURE §5).

const STRINGS: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: '{site}: test e-mail',
    body: 'Hello {name},\n\nThis is the test e-mail you asked for from the set-up checklist. E-mail delivery works.',
  },
  fr: {
    subject: '{site} : e-mail de test',
    body: 'Bonjour {name},\n\nVoici l’e-mail de test que vous avez demandé depuis la liste de mise en service. L’envoi des e-mails fonctionne.',
  },
  es: {
    subject: '{site}: correo de prueba',
    body: 'Hola, {name}:\n\nEste es el correo de prueba que pediste desde la lista de puesta en marcha. El envío de correos funciona.',
  },
  se: {
    subject: '{site}: testmejl',
    body: 'Hej {name}!\n\nDet här är testmejlet du bad om från checklistan för att komma igång. Mejlutskicket fungerar.',
  },
  de: {
    subject: '{site}: Test-E-Mail',
    body: 'Hallo {name},\n\ndies ist die Test-E-Mail, die Sie in der Einrichtungs-Checkliste angefordert haben. Der E-Mail-Versand funktioniert.',
  },
};

export function testEmail(language: Language, values: { site: string; name: string; to: string }): Mail {
  const fill = (text: string) => text.replaceAll('{site}', values.site).replaceAll('{name}', values.name);
  const strings = STRINGS[language];
  return { to: values.to, subject: fill(strings.subject), text: fill(strings.body) };
}
