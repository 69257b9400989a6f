import type { BookingPlace, BookingSummary } from '@roam/contract/booking-summary';
import { type BookingStatus, type Language, LOCALE_TAGS } from '@roam/contract/enums';
import { formatMinor } from '@roam/contract/money';
import { BOOKING_STATUS_WORDS, COLON, SUMMARY_WORDS } from './booking-mail-words.ts';

// The booking e-mails (issue #5 item 3, ARCHITECTURE §5 "E-mails go out in the recipient's language"), rendered by
// the notifications service (notifications.service.ts) when it records a booking notice. A booking is named by its
// short reference, and a confirmation carries the booking's summary as the screens show it (issue #22 item 10): the
// places with their address and local time, and the amounts in the booking's own currency, fixed at checkout.

export type BookingNotice =
  | 'bookingConfirmed'
  | 'bookingNew'
  | 'bookingStatusChanged'
  | 'cancelRequested'
  | 'cancelApproved'
  | 'cancelDeclined'
  | 'bookingChanged'
  | 'driverChangedBooking'
  | 'driverCancelled'
  | 'changeNotMade'
  | 'activate';

type Params = {
  websiteName: string;
  car: string;
  reference: string;
  link: string;
  /** The status in the recipient's words (the screens' words). */
  status: string;
  /** The booking's summary, lines of text, or ''. */
  summary: string;
  /** '\nRefund: …' with the amount, or '' (issue #23: an approved cancellation). */
  refundLine: string;
  /** The operator's words to the driver (issue #23: a declined cancellation). */
  message: string;
  /** Why a paid change was not made (issue #25 item 2), in the recipient's words, or ''. */
  reason: string;
};
type Template = { subject: (p: Params) => string; text: (p: Params) => string };

// biome-ignore format: one line per language reads better
const TEMPLATES: Record<BookingNotice, Record<Language, Template>> = {
  activate: {
    en: { subject: (p) => `Activate your ${p.websiteName} account`, text: (p) => `Hello,\n\nYour booking ${p.reference} created an account for you. Activate it and choose a password here:\n${p.link}\n\nThe link works once and expires in one day.` },
    fr: { subject: (p) => `Activez votre compte ${p.websiteName}`, text: (p) => `Bonjour,\n\nVotre réservation ${p.reference} vous a créé un compte. Activez-le et choisissez un mot de passe ici :\n${p.link}\n\nLe lien ne sert qu'une fois et expire dans un jour.` },
    es: { subject: (p) => `Activa tu cuenta de ${p.websiteName}`, text: (p) => `Hola:\n\nTu reserva ${p.reference} te ha creado una cuenta. Actívala y elige una contraseña aquí:\n${p.link}\n\nEl enlace funciona una sola vez y caduca en un día.` },
    se: { subject: (p) => `Aktivera ditt konto hos ${p.websiteName}`, text: (p) => `Hej!\n\nDin bokning ${p.reference} skapade ett konto åt dig. Aktivera det och välj ett lösenord här:\n${p.link}\n\nLänken fungerar en gång och går ut om en dag.` },
    de: { subject: (p) => `Aktivieren Sie Ihr ${p.websiteName}-Konto`, text: (p) => `Hallo,\n\nIhre Buchung ${p.reference} hat ein Konto für Sie angelegt. Aktivieren Sie es und wählen Sie hier ein Passwort:\n${p.link}\n\nDer Link funktioniert einmal und läuft nach einem Tag ab.` },
  },
  bookingConfirmed: {
    en: { subject: (p) => `Your booking of the ${p.car} is confirmed – ${p.reference}`, text: (p) => `Hello,\n\nYour booking of the ${p.car} is confirmed.\n\n${p.summary}\n\nView it here: ${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} est confirmée – ${p.reference}`, text: (p) => `Bonjour,\n\nVotre réservation de la ${p.car} est confirmée.\n\n${p.summary}\n\nConsultez-la ici : ${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car} está confirmada – ${p.reference}`, text: (p) => `Hola:\n\nTu reserva del ${p.car} está confirmada.\n\n${p.summary}\n\nConsúltala aquí: ${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car} är bekräftad – ${p.reference}`, text: (p) => `Hej!\n\nDin bokning av ${p.car} är bekräftad.\n\n${p.summary}\n\nSe den här: ${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car} ist bestätigt – ${p.reference}`, text: (p) => `Hallo,\n\nIhre Buchung des ${p.car} ist bestätigt.\n\n${p.summary}\n\nHier ansehen: ${p.link}\n\n${p.websiteName}` },
  },
  bookingNew: {
    en: { subject: (p) => `New booking ${p.reference}: ${p.car}`, text: (p) => `Hello,\n\nA new booking of the ${p.car} was made.\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Nouvelle réservation ${p.reference} : ${p.car}`, text: (p) => `Bonjour,\n\nUne nouvelle réservation de la ${p.car} a été faite.\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Nueva reserva ${p.reference}: ${p.car}`, text: (p) => `Hola:\n\nSe ha hecho una nueva reserva del ${p.car}.\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Ny bokning ${p.reference}: ${p.car}`, text: (p) => `Hej!\n\nEn ny bokning av ${p.car} har gjorts.\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Neue Buchung ${p.reference}: ${p.car}`, text: (p) => `Hallo,\n\nEine neue Buchung des ${p.car} ist eingegangen.\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
  },
  bookingStatusChanged: {
    en: { subject: (p) => `Your booking of the ${p.car}: ${p.status}`, text: (p) => `Hello,\n\nThe status of your booking ${p.reference} (${p.car}) is now: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} : ${p.status}`, text: (p) => `Bonjour,\n\nLe statut de votre réservation ${p.reference} (${p.car}) est désormais : ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car}: ${p.status}`, text: (p) => `Hola:\n\nEl estado de tu reserva ${p.reference} (${p.car}) es ahora: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car}: ${p.status}`, text: (p) => `Hej!\n\nStatus för din bokning ${p.reference} (${p.car}) är nu: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car}: ${p.status}`, text: (p) => `Hallo,\n\nDer Status Ihrer Buchung ${p.reference} (${p.car}) ist jetzt: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
  },
  cancelRequested: {
    en: { subject: (p) => `Cancellation request ${p.reference}: ${p.car}`, text: (p) => `Hello,\n\nThe driver asked to cancel booking ${p.reference} (${p.car}). Please contact them to finalise it.\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Demande d'annulation ${p.reference} : ${p.car}`, text: (p) => `Bonjour,\n\nLe conducteur demande l'annulation de la réservation ${p.reference} (${p.car}). Contactez-le pour la finaliser.\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Solicitud de cancelación ${p.reference}: ${p.car}`, text: (p) => `Hola:\n\nEl conductor ha pedido cancelar la reserva ${p.reference} (${p.car}). Contacta con él para finalizarla.\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Begäran om avbokning ${p.reference}: ${p.car}`, text: (p) => `Hej!\n\nFöraren vill avboka bokning ${p.reference} (${p.car}). Kontakta föraren för att slutföra avbokningen.\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Stornierungsanfrage ${p.reference}: ${p.car}`, text: (p) => `Hallo,\n\nDer Fahrer möchte die Buchung ${p.reference} (${p.car}) stornieren. Bitte kontaktieren Sie ihn, um sie abzuschließen.\n${p.link}\n\n${p.websiteName}` },
  },
  // Issue #23: the operator's decision on a cancellation request (Spanish in tú, as COMMON's registers ask).
  cancelApproved: {
    en: { subject: (p) => `Your booking of the ${p.car} is cancelled`, text: (p) => `Hello,\n\nYour cancellation of booking ${p.reference} (${p.car}) is confirmed.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} est annulée`, text: (p) => `Bonjour,\n\nL'annulation de votre réservation ${p.reference} (${p.car}) est confirmée.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car} está cancelada`, text: (p) => `Hola:\n\nLa cancelación de tu reserva ${p.reference} (${p.car}) está confirmada.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car} är avbokad`, text: (p) => `Hej!\n\nAvbokningen av din bokning ${p.reference} (${p.car}) är bekräftad.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car} ist storniert`, text: (p) => `Hallo,\n\nDie Stornierung Ihrer Buchung ${p.reference} (${p.car}) ist bestätigt.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
  },
  cancelDeclined: {
    en: { subject: (p) => `Cancellation request declined: ${p.car}`, text: (p) => `Hello,\n\nYour request to cancel booking ${p.reference} (${p.car}) was declined. Your booking stays as it is.\n\nMessage from the supplier:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Demande d'annulation refusée : ${p.car}`, text: (p) => `Bonjour,\n\nVotre demande d'annulation de la réservation ${p.reference} (${p.car}) a été refusée. Votre réservation reste inchangée.\n\nMessage du loueur :\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Solicitud de cancelación rechazada: ${p.car}`, text: (p) => `Hola:\n\nTu solicitud para cancelar la reserva ${p.reference} (${p.car}) ha sido rechazada. Tu reserva sigue igual.\n\nMensaje del proveedor:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Begäran om avbokning avslogs: ${p.car}`, text: (p) => `Hej!\n\nDin begäran om att avboka bokning ${p.reference} (${p.car}) har avslagits. Din bokning gäller som tidigare.\n\nMeddelande från uthyraren:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Stornierungsanfrage abgelehnt: ${p.car}`, text: (p) => `Hallo,\n\nIhre Anfrage, die Buchung ${p.reference} (${p.car}) zu stornieren, wurde abgelehnt. Ihre Buchung bleibt unverändert.\n\nNachricht des Vermieters:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
  },
  // Issue #25 item 2: a change of the booking, to its driver (with the refund of a cheaper change) and its supplier;
  // and the supplier told of the driver's own free cancellation.
  bookingChanged: {
    en: { subject: (p) => `Your booking of the ${p.car} is changed – ${p.reference}`, text: (p) => `Hello,\n\nYour booking ${p.reference} (${p.car}) is changed.${p.refundLine}\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} est modifiée – ${p.reference}`, text: (p) => `Bonjour,\n\nVotre réservation ${p.reference} (${p.car}) est modifiée.${p.refundLine}\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car} ha cambiado – ${p.reference}`, text: (p) => `Hola:\n\nTu reserva ${p.reference} (${p.car}) ha cambiado.${p.refundLine}\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car} är ändrad – ${p.reference}`, text: (p) => `Hej!\n\nDin bokning ${p.reference} (${p.car}) är ändrad.${p.refundLine}\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car} ist geändert – ${p.reference}`, text: (p) => `Hallo,\n\nIhre Buchung ${p.reference} (${p.car}) ist geändert.${p.refundLine}\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
  },
  driverChangedBooking: {
    en: { subject: (p) => `Booking changed ${p.reference}: ${p.car}`, text: (p) => `Hello,\n\nThe driver changed booking ${p.reference} (${p.car}).\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Réservation modifiée ${p.reference} : ${p.car}`, text: (p) => `Bonjour,\n\nLe conducteur a modifié la réservation ${p.reference} (${p.car}).\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Reserva modificada ${p.reference}: ${p.car}`, text: (p) => `Hola:\n\nEl conductor ha modificado la reserva ${p.reference} (${p.car}).\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Bokning ändrad ${p.reference}: ${p.car}`, text: (p) => `Hej!\n\nFöraren har ändrat bokning ${p.reference} (${p.car}).\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Buchung geändert ${p.reference}: ${p.car}`, text: (p) => `Hallo,\n\nDer Fahrer hat die Buchung ${p.reference} (${p.car}) geändert.\n\n${p.summary}\n\n${p.link}\n\n${p.websiteName}` },
  },
  driverCancelled: {
    en: { subject: (p) => `Booking cancelled ${p.reference}: ${p.car}`, text: (p) => `Hello,\n\nThe driver cancelled booking ${p.reference} (${p.car}) free of charge, as the car's terms allow. The car is free again for these dates.\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Réservation annulée ${p.reference} : ${p.car}`, text: (p) => `Bonjour,\n\nLe conducteur a annulé sans frais la réservation ${p.reference} (${p.car}), comme les conditions du véhicule le permettent. Le véhicule est de nouveau libre à ces dates.\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Reserva cancelada ${p.reference}: ${p.car}`, text: (p) => `Hola:\n\nEl conductor ha cancelado sin coste la reserva ${p.reference} (${p.car}), como permiten las condiciones del vehículo. El vehículo vuelve a estar libre en esas fechas.\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Bokning avbokad ${p.reference}: ${p.car}`, text: (p) => `Hej!\n\nFöraren har avbokat bokning ${p.reference} (${p.car}) kostnadsfritt, som fordonets villkor tillåter. Fordonet är ledigt igen för de datumen.\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Buchung storniert ${p.reference}: ${p.car}`, text: (p) => `Hallo,\n\nDer Fahrer hat die Buchung ${p.reference} (${p.car}) kostenlos storniert, wie es die Bedingungen des Fahrzeugs erlauben. Das Fahrzeug ist für diese Termine wieder frei.\n${p.link}\n\n${p.websiteName}` },
  },
  // Issue #25 item 2: a dearer change paid for but no longer possible — the driver is told why, and the refund.
  changeNotMade: {
    en: { subject: (p) => `Your booking of the ${p.car} is not changed – ${p.reference}`, text: (p) => `Hello,\n\nThe change you paid for to booking ${p.reference} (${p.car}) could not be made: ${p.reason}. Your booking stays as it was, and what you paid for the change is refunded.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} n'est pas modifiée – ${p.reference}`, text: (p) => `Bonjour,\n\nLa modification que vous avez payée pour la réservation ${p.reference} (${p.car}) n'a pas pu être faite : ${p.reason}. Votre réservation reste inchangée et le montant payé pour la modification vous est remboursé.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car} no ha cambiado – ${p.reference}`, text: (p) => `Hola:\n\nEl cambio que pagaste en la reserva ${p.reference} (${p.car}) no se ha podido hacer: ${p.reason}. Tu reserva sigue igual y te reembolsamos lo que pagaste por el cambio.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car} är inte ändrad – ${p.reference}`, text: (p) => `Hej!\n\nÄndringen du betalade för i bokning ${p.reference} (${p.car}) kunde inte göras: ${p.reason}. Din bokning gäller som tidigare och det du betalade för ändringen betalas tillbaka.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car} ist nicht geändert – ${p.reference}`, text: (p) => `Hallo,\n\nDie Änderung, die Sie für die Buchung ${p.reference} (${p.car}) bezahlt haben, konnte nicht vorgenommen werden: ${p.reason}. Ihre Buchung bleibt unverändert, und der für die Änderung gezahlte Betrag wird Ihnen erstattet.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
  },
};

/** Why a paid change was not made (issue #25 item 2): its new days were taken, or the booking changed meanwhile. */
export type ChangeNotMadeReason = 'taken' | 'changed';
const REASONS: Record<Language, Record<ChangeNotMadeReason, string>> = {
  en: { taken: 'the car is no longer free for those days', changed: 'the booking was changed or cancelled meanwhile' },
  fr: {
    taken: "le véhicule n'est plus libre à ces dates",
    changed: 'la réservation a été modifiée ou annulée entre-temps',
  },
  es: {
    taken: 'el vehículo ya no está libre en esas fechas',
    changed: 'la reserva se modificó o se canceló mientras tanto',
  },
  se: { taken: 'fordonet är inte längre ledigt de dagarna', changed: 'bokningen ändrades eller avbokades under tiden' },
  de: {
    taken: 'das Fahrzeug ist an diesen Tagen nicht mehr frei',
    changed: 'die Buchung wurde inzwischen geändert oder storniert',
  },
};

/** A time on its place's clock, with the zone's short name, as the screens show it (web i18n/formats.ts). */
function atPlace(iso: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** The refund line of an approved cancellation: the amount, where it goes, when it arrives (issue #23). */
const REFUND_LINE: Record<Language, (amount: string) => string> = {
  en: (a) => `\nRefund: ${a}, to the card or account you paid with. It usually arrives within 5 to 10 days.`,
  fr: (a) =>
    `\nRemboursement : ${a}, sur la carte ou le compte utilisé pour payer. Il arrive en général sous 5 à 10 jours.`,
  es: (a) =>
    `\nReembolso: ${a}, en la tarjeta o la cuenta con la que pagaste. Suele llegar en un plazo de 5 a 10 días.`,
  se: (a) => `\nÅterbetalning: ${a}, till kortet eller kontot du betalade med. Den brukar komma inom 5 till 10 dagar.`,
  de: (a) =>
    `\nErstattung: ${a} auf die Karte oder das Konto, mit dem Sie bezahlt haben. Sie kommt meist innerhalb von 5 bis 10 Tagen an.`,
};

/**
 * The booking's summary as lines of text in the recipient's language: reference, status, vehicle, supplier, each
 * place with its address and local time, then the amounts in the booking's currency (what is paid online, what is
 * due at pick-up, the security deposit and when it is taken) — and, for the driver, the pick-up checklist (spec §2).
 */
export function summaryText(summary: BookingSummary, language: Language, forDriver: boolean): string {
  const words = SUMMARY_WORDS[language];
  const { amounts } = summary;
  const money = (amount: number) => formatMinor(amount, amounts.currency, language);
  const line = (label: string, value: string) => `${label}${COLON[language]}${value}`;
  const place = (label: string, at: BookingPlace, when: string) => [
    line(label, at.name),
    ...(at.address ? [`  ${at.address}`] : []),
    `  ${atPlace(when, at.timeZone, language)}`,
  ];
  const lines = [
    line(words.reference, summary.reference),
    line(words.status, BOOKING_STATUS_WORDS[language][summary.status]),
    line(words.car, summary.car.name),
    line(words.supplier, summary.supplier.name),
    ...place(words.pickup, summary.pickupLocation, summary.pickupAt),
    ...place(words.dropoff, summary.dropoffLocation, summary.dropoffAt),
    '',
    line(words.total, money(amounts.total)),
  ];
  if (amounts.payNow > 0) {
    lines.push(line(summary.status === 'void' ? words.toPayOnline : words.paidOnline, money(amounts.payNow)));
  }
  lines.push(line(words.payAtPickup, money(amounts.payAtPickup)));
  if (amounts.securityDeposit > 0) {
    const label = amounts.securityDepositTaken === 'now' ? words.securityDepositPaid : words.securityDepositAtPickup;
    lines.push(line(label, money(amounts.securityDeposit)));
  }
  if (forDriver) lines.push('', words.checklist);
  return lines.join('\n');
}

/** Renders a notice's e-mail in the recipient's language. */
export function renderNotice(
  notice: BookingNotice,
  language: Language,
  params: Omit<Params, 'status' | 'summary' | 'refundLine' | 'message' | 'reason'> & {
    status?: BookingStatus;
    summary?: BookingSummary;
    /** Minor units of its currency, as refunded (issue #23). */
    refund?: { amount: number; currency: string };
    message?: string;
    reason?: ChangeNotMadeReason;
  },
) {
  const template = TEMPLATES[notice][language];
  const full: Params = {
    ...params,
    status: params.status ? BOOKING_STATUS_WORDS[language][params.status] : '',
    summary: params.summary
      ? summaryText(params.summary, language, notice !== 'bookingNew' && notice !== 'driverChangedBooking')
      : '',
    refundLine: params.refund
      ? REFUND_LINE[language](formatMinor(params.refund.amount, params.refund.currency, language))
      : '',
    message: params.message ?? '',
    reason: params.reason ? REASONS[language][params.reason] : '',
  };
  return { subject: template.subject(full), text: template.text(full) };
}
