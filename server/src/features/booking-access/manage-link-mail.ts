import type { Language } from '@roam/contract/enums';

// The e-mail with a booking's manage link (issue #25 item 1), in the driver's language and each language's register
// (French vous, Spanish tú, German Sie, Swedish du).

type Params = { websiteName: string; reference: string; link: string; minutes: number };
type Template = { subject: (p: Params) => string; text: (p: Params) => string };

// biome-ignore format: one line per language reads better
export const MANAGE_LINK_MAIL: Record<Language, Template> = {
  en: { subject: (p) => `Manage your booking ${p.reference}`, text: (p) => `Hello,\n\nSomeone asked to manage booking ${p.reference} with this e-mail address. Open it here:\n${p.link}\n\nThe link works once, in the next ${p.minutes} minutes. If you did not ask, ignore this e-mail: nothing changes.\n\n${p.websiteName}` },
  fr: { subject: (p) => `Gérez votre réservation ${p.reference}`, text: (p) => `Bonjour,\n\nQuelqu'un a demandé à gérer la réservation ${p.reference} avec cette adresse e-mail. Ouvrez-la ici :\n${p.link}\n\nLe lien ne sert qu'une fois, dans les ${p.minutes} prochaines minutes. Si vous n'avez rien demandé, ignorez cet e-mail : rien ne change.\n\n${p.websiteName}` },
  es: { subject: (p) => `Gestiona tu reserva ${p.reference}`, text: (p) => `Hola:\n\nAlguien ha pedido gestionar la reserva ${p.reference} con esta dirección de correo. Ábrela aquí:\n${p.link}\n\nEl enlace funciona una sola vez, en los próximos ${p.minutes} minutos. Si no lo has pedido tú, ignora este correo: no cambia nada.\n\n${p.websiteName}` },
  se: { subject: (p) => `Hantera din bokning ${p.reference}`, text: (p) => `Hej!\n\nNågon har bett om att få hantera bokning ${p.reference} med den här e-postadressen. Öppna den här:\n${p.link}\n\nLänken fungerar en gång, inom ${p.minutes} minuter. Om det inte var du kan du ignorera mejlet: inget ändras.\n\n${p.websiteName}` },
  de: { subject: (p) => `Verwalten Sie Ihre Buchung ${p.reference}`, text: (p) => `Hallo,\n\njemand hat darum gebeten, die Buchung ${p.reference} mit dieser E-Mail-Adresse zu verwalten. Öffnen Sie sie hier:\n${p.link}\n\nDer Link funktioniert einmal, in den nächsten ${p.minutes} Minuten. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Es ändert sich nichts.\n\n${p.websiteName}` },
};
