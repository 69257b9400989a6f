import type { Language } from '@roam/contract/enums';
import type { Mail } from '#server/lib/mailer.ts';

// Account e-mails in the recipient's language (ARCHITECTURE §5), links built from PUBLIC_URL, never the Host header.

type Strings = { subject: string; hello: string; body: string; action: string; expiry: string; ignore: string };
/** `invite`: the admin made the account (a supplier, issue #24); the link sets its first password. */
type Kind = 'activate' | 'reset' | 'invite';

const STRINGS: Record<Language, Record<Kind, Strings>> = {
  en: {
    activate: {
      subject: 'Activate your {site} account',
      hello: 'Hello {name},',
      body: 'Please confirm your email address to activate your account.',
      action: 'Activate my account',
      expiry: 'This link is valid for one day and can be used once.',
      ignore: 'If you did not create an account, you can ignore this email.',
    },
    reset: {
      subject: 'Reset your {site} password',
      hello: 'Hello {name},',
      body: 'You asked to choose a new password for your account.',
      action: 'Choose a new password',
      expiry: 'This link is valid for one day and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    },
    invite: {
      subject: 'Your supplier account at {site}',
      hello: 'Hello {name},',
      body: 'An administrator of {site} has created a supplier account for you. Choose your password to sign in.',
      action: 'Choose my password',
      expiry: 'This link is valid for one day and can be used once.',
      ignore: 'If you did not expect this, you can ignore this email.',
    },
  },
  fr: {
    activate: {
      subject: 'Activez votre compte {site}',
      hello: 'Bonjour {name},',
      body: 'Veuillez confirmer votre adresse e-mail pour activer votre compte.',
      action: 'Activer mon compte',
      expiry: 'Ce lien est valable un jour et ne peut servir qu’une fois.',
      ignore: 'Si vous n’avez pas créé de compte, ignorez cet e-mail.',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe {site}',
      hello: 'Bonjour {name},',
      body: 'Vous avez demandé à choisir un nouveau mot de passe pour votre compte.',
      action: 'Choisir un nouveau mot de passe',
      expiry: 'Ce lien est valable un jour et ne peut servir qu’une fois.',
      ignore:
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
    invite: {
      subject: 'Votre compte loueur sur {site}',
      hello: 'Bonjour {name},',
      body: 'Un administrateur de {site} a créé un compte loueur pour vous. Choisissez votre mot de passe pour vous connecter.',
      action: 'Choisir mon mot de passe',
      expiry: 'Ce lien est valable un jour et ne peut servir qu’une fois.',
      ignore: 'Si vous ne vous y attendiez pas, ignorez cet e-mail.',
    },
  },
  es: {
    activate: {
      subject: 'Activa tu cuenta de {site}',
      hello: 'Hola, {name}:',
      body: 'Confirma tu dirección de correo electrónico para activar tu cuenta.',
      action: 'Activar mi cuenta',
      expiry: 'Este enlace es válido durante un día y solo se puede usar una vez.',
      ignore: 'Si no has creado una cuenta, puedes ignorar este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de {site}',
      hello: 'Hola, {name}:',
      body: 'Has pedido elegir una nueva contraseña para tu cuenta.',
      action: 'Elegir una nueva contraseña',
      expiry: 'Este enlace es válido durante un día y solo se puede usar una vez.',
      ignore: 'Si no lo has pedido, puedes ignorar este correo: tu contraseña no cambia.',
    },
    invite: {
      subject: 'Tu cuenta de proveedor en {site}',
      hello: 'Hola, {name}:',
      body: 'Un administrador de {site} ha creado una cuenta de proveedor para ti. Elige tu contraseña para iniciar sesión.',
      action: 'Elegir mi contraseña',
      expiry: 'Este enlace es válido durante un día y solo se puede usar una vez.',
      ignore: 'Si no lo esperabas, puedes ignorar este correo.',
    },
  },
  se: {
    activate: {
      subject: 'Aktivera ditt konto hos {site}',
      hello: 'Hej {name}!',
      body: 'Bekräfta din e-postadress för att aktivera ditt konto.',
      action: 'Aktivera mitt konto',
      expiry: 'Länken gäller i en dag och kan användas en gång.',
      ignore: 'Om du inte har skapat något konto kan du bortse från det här mejlet.',
    },
    reset: {
      subject: 'Återställ ditt lösenord hos {site}',
      hello: 'Hej {name}!',
      body: 'Du har bett om att få välja ett nytt lösenord för ditt konto.',
      action: 'Välj ett nytt lösenord',
      expiry: 'Länken gäller i en dag och kan användas en gång.',
      ignore: 'Om du inte har bett om detta kan du bortse från mejlet: ditt lösenord är oförändrat.',
    },
    invite: {
      subject: 'Ditt uthyrarkonto hos {site}',
      hello: 'Hej {name}!',
      body: 'En administratör på {site} har skapat ett uthyrarkonto åt dig. Välj ditt lösenord för att logga in.',
      action: 'Välj mitt lösenord',
      expiry: 'Länken gäller i en dag och kan användas en gång.',
      ignore: 'Om du inte väntade dig detta kan du bortse från det här mejlet.',
    },
  },
  de: {
    activate: {
      subject: 'Aktivieren Sie Ihr Konto bei {site}',
      hello: 'Hallo {name},',
      body: 'Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.',
      action: 'Mein Konto aktivieren',
      expiry: 'Dieser Link ist einen Tag gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Setzen Sie Ihr Passwort bei {site} zurück',
      hello: 'Hallo {name},',
      body: 'Sie haben angefordert, ein neues Passwort für Ihr Konto zu wählen.',
      action: 'Neues Passwort wählen',
      expiry: 'Dieser Link ist einen Tag gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    invite: {
      subject: 'Ihr Vermieterkonto bei {site}',
      hello: 'Hallo {name},',
      body: 'Ein Administrator von {site} hat ein Vermieterkonto für Sie erstellt. Wählen Sie Ihr Passwort, um sich anzumelden.',
      action: 'Mein Passwort wählen',
      expiry: 'Dieser Link ist einen Tag gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function isLanguageCode(value: string): value is Language {
  return value in STRINGS;
}

/** The activation or password-reset message with its one-time link. */
export function accountLinkMail(input: {
  kind: Kind;
  language: string;
  to: string;
  fullName: string;
  link: string;
  websiteName: string;
}): Mail {
  const s = STRINGS[isLanguageCode(input.language) ? input.language : 'en'][input.kind];
  const values = { site: input.websiteName, name: input.fullName };
  const subject = fill(s.subject, values);
  const hello = fill(s.hello, values);
  const text = [
    hello,
    '',
    s.body,
    '',
    `${s.action}: ${input.link}`,
    '',
    s.expiry,
    s.ignore,
    '',
    input.websiteName,
  ].join('\n');
  const e = (t: string) => escapeHtml(t);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${e(hello)}</p><p>${e(s.body)}</p>
<p><a href="${e(input.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${e(s.action)}</a></p>
<p style="font-size:13px;color:#555">${e(s.expiry)}<br>${e(s.ignore)}</p>
<p style="font-size:13px;color:#555">${e(input.link)}</p>
<p>${e(input.websiteName)}</p></body></html>`;
  return { to: input.to, subject, text, html };
}
