import type { Language } from '@roam/contract/enums';

type Links = { websiteName: string; confirmUrl: string; unsubscribeUrl: string };
type Texts = {
  confirmSubject: (l: Links) => string;
  confirmBody: (l: Links) => string[];
  alreadySubject: (l: Links) => string;
  alreadyBody: (l: Links) => string[];
};

// E-mails go out in the recipient's language (ARCHITECTURE §5 Languages).
const TEXTS: Record<Language, Texts> = {
  en: {
    confirmSubject: (l) => `Confirm your subscription to the ${l.websiteName} newsletter`,
    confirmBody: (l) => [
      'Hello,',
      `Someone, hopefully you, asked to receive the ${l.websiteName} newsletter at this address. To confirm, open this link:`,
      l.confirmUrl,
      'If you did not ask for it, ignore this message: you will not be subscribed.',
      `To unsubscribe at any time: ${l.unsubscribeUrl}`,
    ],
    alreadySubject: (l) => `You are subscribed to the ${l.websiteName} newsletter`,
    alreadyBody: (l) => [
      'Hello,',
      `This address already receives the ${l.websiteName} newsletter; nothing has changed.`,
      `To unsubscribe: ${l.unsubscribeUrl}`,
    ],
  },
  fr: {
    confirmSubject: (l) => `Confirmez votre abonnement à la newsletter ${l.websiteName}`,
    confirmBody: (l) => [
      'Bonjour,',
      `Quelqu'un, sans doute vous, a demandé à recevoir la newsletter ${l.websiteName} à cette adresse. Pour confirmer, ouvrez ce lien :`,
      l.confirmUrl,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : vous ne serez pas abonné.",
      `Pour vous désabonner à tout moment : ${l.unsubscribeUrl}`,
    ],
    alreadySubject: (l) => `Vous êtes abonné à la newsletter ${l.websiteName}`,
    alreadyBody: (l) => [
      'Bonjour,',
      `Cette adresse reçoit déjà la newsletter ${l.websiteName} ; rien n'a changé.`,
      `Pour vous désabonner : ${l.unsubscribeUrl}`,
    ],
  },
  es: {
    confirmSubject: (l) => `Confirma tu suscripción al boletín de ${l.websiteName}`,
    confirmBody: (l) => [
      'Hola:',
      `Alguien, seguramente tú, ha pedido recibir el boletín de ${l.websiteName} en esta dirección. Para confirmarlo, abre este enlace:`,
      l.confirmUrl,
      'Si no lo has pedido, ignora este mensaje: no quedarás suscrito.',
      `Para darte de baja en cualquier momento: ${l.unsubscribeUrl}`,
    ],
    alreadySubject: (l) => `Ya estás suscrito al boletín de ${l.websiteName}`,
    alreadyBody: (l) => [
      'Hola:',
      `Esta dirección ya recibe el boletín de ${l.websiteName}; no ha cambiado nada.`,
      `Para darte de baja: ${l.unsubscribeUrl}`,
    ],
  },
  se: {
    confirmSubject: (l) => `Bekräfta din prenumeration på nyhetsbrevet från ${l.websiteName}`,
    confirmBody: (l) => [
      'Hej!',
      `Någon, förhoppningsvis du, har bett om att få nyhetsbrevet från ${l.websiteName} till den här adressen. Öppna länken för att bekräfta:`,
      l.confirmUrl,
      'Om det inte var du kan du bortse från meddelandet: du kommer inte att läggas till.',
      `Avsluta prenumerationen när som helst: ${l.unsubscribeUrl}`,
    ],
    alreadySubject: (l) => `Du prenumererar på nyhetsbrevet från ${l.websiteName}`,
    alreadyBody: (l) => [
      'Hej!',
      `Den här adressen får redan nyhetsbrevet från ${l.websiteName}; ingenting har ändrats.`,
      `Avsluta prenumerationen: ${l.unsubscribeUrl}`,
    ],
  },
  de: {
    confirmSubject: (l) => `Bestätigen Sie Ihr Abonnement des ${l.websiteName}-Newsletters`,
    confirmBody: (l) => [
      'Hallo,',
      `Jemand – hoffentlich Sie – möchte den ${l.websiteName}-Newsletter an diese Adresse erhalten. Zum Bestätigen öffnen Sie diesen Link:`,
      l.confirmUrl,
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Sie werden nicht eingetragen.',
      `Jederzeit abmelden: ${l.unsubscribeUrl}`,
    ],
    alreadySubject: (l) => `Sie haben den ${l.websiteName}-Newsletter abonniert`,
    alreadyBody: (l) => [
      'Hallo,',
      `Diese Adresse erhält den ${l.websiteName}-Newsletter bereits; es hat sich nichts geändert.`,
      `Abmelden: ${l.unsubscribeUrl}`,
    ],
  },
};

/** The double opt-in message, or — for an address already confirmed — a note with the unsubscribe link. */
export function newsletterMail(language: Language, confirmed: boolean, links: Links) {
  const texts = TEXTS[language];
  return confirmed
    ? { subject: texts.alreadySubject(links), text: texts.alreadyBody(links).join('\n\n') }
    : { subject: texts.confirmSubject(links), text: texts.confirmBody(links).join('\n\n') };
}
