import type { BookingStatus, Language } from '@roam/contract/enums';
import { convertMinor, formatMinor } from '@roam/contract/money';

// The booking e-mails (issue #5 item 3, ARCHITECTURE §5 "E-mails go out in the recipient's language"), rendered by
// the notifications service (notifications.service.ts) when it records a booking notice.

export type BookingNotice =
  | 'bookingConfirmed'
  | 'bookingNew'
  | 'bookingStatusChanged'
  | 'cancelRequested'
  | 'cancelApproved'
  | 'cancelDeclined'
  | 'activate';

type Params = {
  websiteName: string;
  car: string;
  bookingId: string;
  link: string;
  status?: string;
  /** '\nTotal price: $123.45' in the booking's currency, or '' (issue #7: amounts in e-mails). */
  totalLine?: string;
  /** '\nRefund: …' with the amount, or '' (issue #23: an approved cancellation). */
  refundLine?: string;
  /** The operator's words to the driver (issue #23: a declined cancellation). */
  message?: string;
};
type Template = { subject: (p: Params) => string; text: (p: Params) => string };

/** The statuses in each language (issue #25: the receipt says them the same way). */
export const STATUS_NAMES: Record<Language, Record<BookingStatus, string>> = {
  en: {
    void: 'Void',
    pending: 'Pending',
    deposit: 'Security deposit paid',
    paid: 'Paid',
    reserved: 'Reserved',
    cancelled: 'Cancelled',
  },
  fr: {
    void: 'Nulle',
    pending: 'En attente',
    deposit: 'Caution payée',
    paid: 'Payée',
    reserved: 'Réservée',
    cancelled: 'Annulée',
  },
  es: {
    void: 'Nula',
    pending: 'Pendiente',
    deposit: 'Fianza pagada',
    paid: 'Pagada',
    reserved: 'Reservada',
    cancelled: 'Cancelada',
  },
  se: {
    void: 'Ogiltig',
    pending: 'Väntande',
    deposit: 'Deposition betald',
    paid: 'Betald',
    reserved: 'Reserverad',
    cancelled: 'Avbokad',
  },
  de: {
    void: 'Ungültig',
    pending: 'Ausstehend',
    deposit: 'Kaution bezahlt',
    paid: 'Bezahlt',
    reserved: 'Reserviert',
    cancelled: 'Storniert',
  },
};

// biome-ignore format: one line per language reads better
const TEMPLATES: Record<BookingNotice, Record<Language, Template>> = {
  activate: {
    en: { subject: (p) => `Activate your ${p.websiteName} account`, text: (p) => `Hello,\n\nYour booking created an account for you. Activate it and choose a password here:\n${p.link}\n\nThe link works once and expires in one day.` },
    fr: { subject: (p) => `Activez votre compte ${p.websiteName}`, text: (p) => `Bonjour,\n\nVotre réservation vous a créé un compte. Activez-le et choisissez un mot de passe ici :\n${p.link}\n\nLe lien ne sert qu'une fois et expire dans un jour.` },
    es: { subject: (p) => `Activa tu cuenta de ${p.websiteName}`, text: (p) => `Hola:\n\nTu reserva te ha creado una cuenta. Actívala y elige una contraseña aquí:\n${p.link}\n\nEl enlace funciona una sola vez y caduca en un día.` },
    se: { subject: (p) => `Aktivera ditt konto hos ${p.websiteName}`, text: (p) => `Hej!\n\nDin bokning skapade ett konto åt dig. Aktivera det och välj ett lösenord här:\n${p.link}\n\nLänken fungerar en gång och går ut om en dag.` },
    de: { subject: (p) => `Aktivieren Sie Ihr ${p.websiteName}-Konto`, text: (p) => `Hallo,\n\nIhre Buchung hat ein Konto für Sie angelegt. Aktivieren Sie es und wählen Sie hier ein Passwort:\n${p.link}\n\nDer Link funktioniert einmal und läuft nach einem Tag ab.` },
  },
  bookingConfirmed: {
    en: { subject: (p) => `Your booking of the ${p.car} is confirmed`, text: (p) => `Hello,\n\nYour booking of the ${p.car} is confirmed. Booking reference: ${p.bookingId}.${p.totalLine}\nView it here: ${p.link}\n\nAt pick-up: arrive on time and bring a passport or ID and your driver's licence.\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} est confirmée`, text: (p) => `Bonjour,\n\nVotre réservation de la ${p.car} est confirmée. Référence : ${p.bookingId}.${p.totalLine}\nConsultez-la ici : ${p.link}\n\nAu retrait : soyez à l'heure et munissez-vous d'un passeport ou d'une pièce d'identité et de votre permis de conduire.\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car} está confirmada`, text: (p) => `Hola:\n\nTu reserva del ${p.car} está confirmada. Referencia: ${p.bookingId}.${p.totalLine}\nConsúltala aquí: ${p.link}\n\nEn la recogida: llega a tiempo y trae un pasaporte o documento de identidad y tu permiso de conducir.\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car} är bekräftad`, text: (p) => `Hej!\n\nDin bokning av ${p.car} är bekräftad. Bokningsnummer: ${p.bookingId}.${p.totalLine}\nSe den här: ${p.link}\n\nVid upphämtning: kom i tid och ta med pass eller id-kort och ditt körkort.\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car} ist bestätigt`, text: (p) => `Hallo,\n\nIhre Buchung des ${p.car} ist bestätigt. Buchungsnummer: ${p.bookingId}.${p.totalLine}\nHier ansehen: ${p.link}\n\nBei der Abholung: Seien Sie pünktlich und bringen Sie Reisepass oder Ausweis und Ihren Führerschein mit.\n\n${p.websiteName}` },
  },
  bookingNew: {
    en: { subject: (p) => `New booking: ${p.car}`, text: (p) => `Hello,\n\nA new booking of the ${p.car} was made. Booking reference: ${p.bookingId}.${p.totalLine}\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Nouvelle réservation : ${p.car}`, text: (p) => `Bonjour,\n\nUne nouvelle réservation de la ${p.car} a été faite. Référence : ${p.bookingId}.${p.totalLine}\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Nueva reserva: ${p.car}`, text: (p) => `Hola:\n\nSe ha hecho una nueva reserva del ${p.car}. Referencia: ${p.bookingId}.${p.totalLine}\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Ny bokning: ${p.car}`, text: (p) => `Hej!\n\nEn ny bokning av ${p.car} har gjorts. Bokningsnummer: ${p.bookingId}.${p.totalLine}\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Neue Buchung: ${p.car}`, text: (p) => `Hallo,\n\nEine neue Buchung des ${p.car} ist eingegangen. Buchungsnummer: ${p.bookingId}.${p.totalLine}\n${p.link}\n\n${p.websiteName}` },
  },
  bookingStatusChanged: {
    en: { subject: (p) => `Your booking of the ${p.car}: ${p.status}`, text: (p) => `Hello,\n\nThe status of your booking ${p.bookingId} (${p.car}) is now: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} : ${p.status}`, text: (p) => `Bonjour,\n\nLe statut de votre réservation ${p.bookingId} (${p.car}) est désormais : ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car}: ${p.status}`, text: (p) => `Hola:\n\nEl estado de tu reserva ${p.bookingId} (${p.car}) es ahora: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car}: ${p.status}`, text: (p) => `Hej!\n\nStatus för din bokning ${p.bookingId} (${p.car}) är nu: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car}: ${p.status}`, text: (p) => `Hallo,\n\nDer Status Ihrer Buchung ${p.bookingId} (${p.car}) ist jetzt: ${p.status}.\n${p.link}\n\n${p.websiteName}` },
  },
  cancelRequested: {
    en: { subject: (p) => `Cancellation request: ${p.car}`, text: (p) => `Hello,\n\nThe driver asked to cancel booking ${p.bookingId} (${p.car}). Please contact them to finalise it.\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Demande d'annulation : ${p.car}`, text: (p) => `Bonjour,\n\nLe conducteur demande l'annulation de la réservation ${p.bookingId} (${p.car}). Contactez-le pour la finaliser.\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Solicitud de cancelación: ${p.car}`, text: (p) => `Hola:\n\nEl conductor ha pedido cancelar la reserva ${p.bookingId} (${p.car}). Contáctalo para finalizarla.\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Begäran om avbokning: ${p.car}`, text: (p) => `Hej!\n\nFöraren vill avboka bokning ${p.bookingId} (${p.car}). Kontakta föraren för att slutföra avbokningen.\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Stornierungsanfrage: ${p.car}`, text: (p) => `Hallo,\n\nDer Fahrer möchte die Buchung ${p.bookingId} (${p.car}) stornieren. Bitte kontaktieren Sie ihn, um sie abzuschließen.\n${p.link}\n\n${p.websiteName}` },
  },
  // Issue #23: the operator's decision on a cancellation request (Spanish in tú, as COMMON's registers ask).
  cancelApproved: {
    en: { subject: (p) => `Your booking of the ${p.car} is cancelled`, text: (p) => `Hello,\n\nYour cancellation of booking ${p.bookingId} (${p.car}) is confirmed.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Votre réservation de la ${p.car} est annulée`, text: (p) => `Bonjour,\n\nL'annulation de votre réservation ${p.bookingId} (${p.car}) est confirmée.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Tu reserva del ${p.car} está cancelada`, text: (p) => `Hola:\n\nLa cancelación de tu reserva ${p.bookingId} (${p.car}) está confirmada.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Din bokning av ${p.car} är avbokad`, text: (p) => `Hej!\n\nAvbokningen av din bokning ${p.bookingId} (${p.car}) är bekräftad.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Ihre Buchung des ${p.car} ist storniert`, text: (p) => `Hallo,\n\nDie Stornierung Ihrer Buchung ${p.bookingId} (${p.car}) ist bestätigt.${p.refundLine}\n${p.link}\n\n${p.websiteName}` },
  },
  cancelDeclined: {
    en: { subject: (p) => `Cancellation request declined: ${p.car}`, text: (p) => `Hello,\n\nYour request to cancel booking ${p.bookingId} (${p.car}) was declined. Your booking stays as it is.\n\nMessage from the supplier:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    fr: { subject: (p) => `Demande d'annulation refusée : ${p.car}`, text: (p) => `Bonjour,\n\nVotre demande d'annulation de la réservation ${p.bookingId} (${p.car}) a été refusée. Votre réservation reste inchangée.\n\nMessage du fournisseur :\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    es: { subject: (p) => `Solicitud de cancelación rechazada: ${p.car}`, text: (p) => `Hola:\n\nTu solicitud para cancelar la reserva ${p.bookingId} (${p.car}) ha sido rechazada. Tu reserva sigue igual.\n\nMensaje del proveedor:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    se: { subject: (p) => `Begäran om avbokning avslogs: ${p.car}`, text: (p) => `Hej!\n\nDin begäran om att avboka bokning ${p.bookingId} (${p.car}) har avslagits. Din bokning gäller som tidigare.\n\nMeddelande från leverantören:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
    de: { subject: (p) => `Stornierungsanfrage abgelehnt: ${p.car}`, text: (p) => `Hallo,\n\nIhre Anfrage, die Buchung ${p.bookingId} (${p.car}) zu stornieren, wurde abgelehnt. Ihre Buchung bleibt unverändert.\n\nNachricht des Anbieters:\n${p.message}\n\n${p.link}\n\n${p.websiteName}` },
  },
};

const TOTAL_LABEL: Record<Language, string> = {
  en: 'Total price: ',
  fr: 'Prix total : ',
  es: 'Precio total: ',
  se: 'Totalpris: ',
  de: 'Gesamtpreis: ',
};

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

/** What the booking costs, as the driver chose to see it: EUR minor units converted at the booking's own rate. */
export type BookingAmount = { totalEUR: number; currency: string; rate: number };

/** Renders a notice's e-mail in the recipient's language. */
export function renderNotice(
  notice: BookingNotice,
  language: Language,
  params: Omit<Params, 'status' | 'totalLine' | 'refundLine'> & {
    status?: BookingStatus;
    amount?: BookingAmount;
    /** Minor units of its currency, as refunded. */
    refund?: { amount: number; currency: string };
  },
) {
  const template = TEMPLATES[notice][language];
  const { amount } = params;
  const total = amount
    ? formatMinor(convertMinor(amount.totalEUR, amount.rate, amount.currency), amount.currency, language)
    : null;
  const full: Params = {
    ...params,
    status: params.status ? STATUS_NAMES[language][params.status] : '',
    totalLine: total ? `\n${TOTAL_LABEL[language]}${total}` : '',
    refundLine: params.refund
      ? REFUND_LINE[language](formatMinor(params.refund.amount, params.refund.currency, language))
      : '',
    message: params.message ?? '',
  };
  return { subject: template.subject(full), text: template.text(full) };
}
