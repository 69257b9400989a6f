import type { Language } from '@roam/contract/languages';

// The e-mails of a booking an operator made in a driver's name at the desk (second outside audit, item 1), in the
// reader's language and each language's register (French vous, Spanish tú, German Sie, Swedish du): the driver is
// told, with a link to refuse it; the supplier is told when the driver refused it. Plain text only.

type DriverParams = {
  websiteName: string;
  supplier: string;
  car: string;
  reference: string;
  from: string;
  to: string;
  link: string;
  until: string;
};
type SupplierParams = { websiteName: string; car: string; reference: string; link: string };
type Template<P> = { subject: (p: P) => string; text: (p: P) => string };

// biome-ignore format: one line per language reads better
export const DESK_BOOKING_MAIL: Record<Language, Template<DriverParams>> = {
  en: { subject: (p) => `A booking was made in your name: ${p.reference}`, text: (p) => `Hello,\n\n${p.supplier} booked the ${p.car} in your name at their desk: booking ${p.reference}, from ${p.from} to ${p.to}.\n\nIf you asked for it, there is nothing to do. If you did not, refuse it here: it is cancelled at no charge and leaves your bookings.\n${p.link}\n\nThe link works once, until ${p.until}; after that, sign in, or use "Manage booking" with the reference, to refuse it.\n\n${p.websiteName}` },
  fr: { subject: (p) => `Une réservation a été faite à votre nom : ${p.reference}`, text: (p) => `Bonjour,\n\n${p.supplier} a réservé la ${p.car} à votre nom à son comptoir : réservation ${p.reference}, du ${p.from} au ${p.to}.\n\nSi vous l'avez demandée, vous n'avez rien à faire. Sinon, refusez-la ici : elle est annulée sans frais et disparaît de vos réservations.\n${p.link}\n\nLe lien ne sert qu'une fois, jusqu'au ${p.until} ; ensuite, connectez-vous, ou utilisez « Gérer ma réservation » avec la référence, pour la refuser.\n\n${p.websiteName}` },
  es: { subject: (p) => `Se ha hecho una reserva a tu nombre: ${p.reference}`, text: (p) => `Hola:\n\n${p.supplier} ha reservado el ${p.car} a tu nombre en el mostrador: reserva ${p.reference}, del ${p.from} al ${p.to}.\n\nSi la has pedido tú, no tienes que hacer nada. Si no, recházala aquí: se cancela sin coste y desaparece de tus reservas.\n${p.link}\n\nEl enlace funciona una sola vez, hasta el ${p.until}; después, inicia sesión, o usa «Gestionar mi reserva» con la referencia, para rechazarla.\n\n${p.websiteName}` },
  se: { subject: (p) => `En bokning har gjorts i ditt namn: ${p.reference}`, text: (p) => `Hej!\n\n${p.supplier} har bokat ${p.car} i ditt namn vid sin disk: bokning ${p.reference}, från ${p.from} till ${p.to}.\n\nOm du har bett om den behöver du inte göra något. Annars kan du avböja den här: den avbokas utan kostnad och försvinner från dina bokningar.\n${p.link}\n\nLänken fungerar en gång, till ${p.until}; därefter loggar du in, eller använder ”Hantera bokning” med referensen, för att avböja den.\n\n${p.websiteName}` },
  de: { subject: (p) => `In Ihrem Namen wurde eine Buchung angelegt: ${p.reference}`, text: (p) => `Hallo,\n\n${p.supplier} hat den ${p.car} an seinem Schalter in Ihrem Namen gebucht: Buchung ${p.reference}, vom ${p.from} bis ${p.to}.\n\nWenn Sie sie angefragt haben, müssen Sie nichts tun. Andernfalls lehnen Sie sie hier ab: Sie wird kostenlos storniert und verschwindet aus Ihren Buchungen.\n${p.link}\n\nDer Link funktioniert einmal, bis ${p.until}; danach melden Sie sich an oder nutzen „Buchung verwalten“ mit der Referenz, um sie abzulehnen.\n\n${p.websiteName}` },
};

// biome-ignore format: one line per language reads better
export const DESK_BOOKING_REFUSED_MAIL: Record<Language, Template<SupplierParams>> = {
  en: { subject: (p) => `Booking refused ${p.reference}: ${p.car}`, text: (p) => `Hello,\n\nThe customer refused booking ${p.reference} (${p.car}), made in their name at your desk: it is cancelled at no charge, and the car is free again for these dates.\n${p.link}\n\n${p.websiteName}` },
  fr: { subject: (p) => `Réservation refusée ${p.reference} : ${p.car}`, text: (p) => `Bonjour,\n\nLe client a refusé la réservation ${p.reference} (${p.car}) faite à son nom à votre comptoir : elle est annulée sans frais et le véhicule est de nouveau libre à ces dates.\n${p.link}\n\n${p.websiteName}` },
  es: { subject: (p) => `Reserva rechazada ${p.reference}: ${p.car}`, text: (p) => `Hola:\n\nEl cliente ha rechazado la reserva ${p.reference} (${p.car}) hecha en tu mostrador: se cancela sin coste y el vehículo vuelve a estar libre en esas fechas.\n${p.link}\n\n${p.websiteName}` },
  se: { subject: (p) => `Bokning avböjd ${p.reference}: ${p.car}`, text: (p) => `Hej!\n\nKunden har avböjt bokning ${p.reference} (${p.car}) som gjordes i hens namn vid din disk: den avbokas utan kostnad och fordonet är ledigt igen för de datumen.\n${p.link}\n\n${p.websiteName}` },
  de: { subject: (p) => `Buchung abgelehnt ${p.reference}: ${p.car}`, text: (p) => `Hallo,\n\nDer Kunde hat die an Ihrem Schalter in seinem Namen angelegte Buchung ${p.reference} (${p.car}) abgelehnt: Sie wird kostenlos storniert, und das Fahrzeug ist für diese Termine wieder frei.\n${p.link}\n\n${p.websiteName}` },
};
