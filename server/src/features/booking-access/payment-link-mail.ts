import type { Language } from '@roam/contract/enums';

// The e-mail with an operator's payment link (issue #24 item 5), in the driver's language and each language's
// register (French vous, Spanish tú, German Sie, Swedish du).

type Params = { websiteName: string; reference: string; amount: string; link: string; until: string };
type Template = { subject: (p: Params) => string; text: (p: Params) => string };

// biome-ignore format: one line per language reads better
export const PAYMENT_LINK_MAIL: Record<Language, Template> = {
  en: { subject: (p) => `Pay for your booking ${p.reference}`, text: (p) => `Hello,\n\nYour car is booked for you: booking ${p.reference}, ${p.amount} to pay. Pay it here:\n${p.link}\n\nThe link works once; the car is held for you until ${p.until}. If you did not ask for this booking, ignore this e-mail: it lapses on its own.\n\n${p.websiteName}` },
  fr: { subject: (p) => `Payez votre réservation ${p.reference}`, text: (p) => `Bonjour,\n\nVotre voiture vous est réservée : réservation ${p.reference}, ${p.amount} à payer. Payez-la ici :\n${p.link}\n\nLe lien ne sert qu'une fois ; la voiture vous est réservée jusqu'au ${p.until}. Si vous n'avez pas demandé cette réservation, ignorez cet e-mail : elle expirera d'elle-même.\n\n${p.websiteName}` },
  es: { subject: (p) => `Paga tu reserva ${p.reference}`, text: (p) => `Hola:\n\nTu coche está reservado para ti: reserva ${p.reference}, ${p.amount} por pagar. Págala aquí:\n${p.link}\n\nEl enlace funciona una sola vez; el coche está reservado para ti hasta el ${p.until}. Si no has pedido esta reserva, ignora este correo: caducará sola.\n\n${p.websiteName}` },
  se: { subject: (p) => `Betala din bokning ${p.reference}`, text: (p) => `Hej!\n\nDin bil är bokad åt dig: bokning ${p.reference}, ${p.amount} att betala. Betala här:\n${p.link}\n\nLänken fungerar en gång; bilen hålls åt dig till ${p.until}. Om du inte har bett om bokningen kan du ignorera mejlet: den upphör av sig själv.\n\n${p.websiteName}` },
  de: { subject: (p) => `Bezahlen Sie Ihre Buchung ${p.reference}`, text: (p) => `Hallo,\n\nIhr Auto ist für Sie gebucht: Buchung ${p.reference}, ${p.amount} zu bezahlen. Bezahlen Sie sie hier:\n${p.link}\n\nDer Link funktioniert einmal; das Auto ist bis ${p.until} für Sie reserviert. Wenn Sie diese Buchung nicht angefragt haben, ignorieren Sie diese E-Mail: Sie verfällt von selbst.\n\n${p.websiteName}` },
};
