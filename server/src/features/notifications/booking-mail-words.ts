import type { BookingStatus, Language } from '@roam/contract/enums';

// The words of a booking in its e-mails (issue #22 items 4, 8 and 10): the same status words and summary labels as
// the screens (web bookings.json `status` and `summary`; booking-mail-words.test.ts holds them equal), so that a
// pay-later booking is never "confirmed" in the e-mail and "Pending" on the site; one word for one thing in each
// language — a security deposit is en "security deposit", fr "caution", es "fianza", se "deposition", de "Kaution".
// Spanish speaks as tú, French as vous, German as Sie, Swedish as du.

export const BOOKING_STATUS_WORDS: Record<Language, Record<BookingStatus, string>> = {
  en: {
    void: 'Payment not completed',
    pending: 'Confirmed – pay at pick-up',
    deposit: 'Confirmed – security deposit paid',
    paid: 'Confirmed – paid',
    reserved: 'Reserved',
    cancelled: 'Cancelled',
  },
  fr: {
    void: 'Paiement non finalisé',
    pending: 'Confirmée – paiement à la prise en charge',
    deposit: 'Confirmée – caution payée',
    paid: 'Confirmée – payée',
    reserved: 'Réservée',
    cancelled: 'Annulée',
  },
  es: {
    void: 'Pago no completado',
    pending: 'Confirmada – pago en la recogida',
    deposit: 'Confirmada – fianza pagada',
    paid: 'Confirmada – pagada',
    reserved: 'Reservada',
    cancelled: 'Cancelada',
  },
  se: {
    void: 'Betalningen är inte slutförd',
    pending: 'Bekräftad – betalas vid upphämtning',
    deposit: 'Bekräftad – deposition betald',
    paid: 'Bekräftad – betald',
    reserved: 'Reserverad',
    cancelled: 'Avbokad',
  },
  de: {
    void: 'Zahlung nicht abgeschlossen',
    pending: 'Bestätigt – Zahlung bei Abholung',
    deposit: 'Bestätigt – Kaution bezahlt',
    paid: 'Bestätigt – bezahlt',
    reserved: 'Reserviert',
    cancelled: 'Storniert',
  },
};

export type SummaryWords = {
  reference: string;
  status: string;
  car: string;
  supplier: string;
  pickup: string;
  dropoff: string;
  total: string;
  /** What was paid online, and what is to pay online while the payment is not completed. */
  paidOnline: string;
  toPayOnline: string;
  payAtPickup: string;
  securityDepositAtPickup: string;
  securityDepositPaid: string;
  checklist: string;
};

export const SUMMARY_WORDS: Record<Language, SummaryWords> = {
  en: {
    reference: 'Booking reference',
    status: 'Status',
    car: 'Vehicle',
    supplier: 'Supplier',
    pickup: 'Pick-up',
    dropoff: 'Drop-off',
    total: 'Total price',
    paidOnline: 'Paid online',
    toPayOnline: 'To pay online',
    payAtPickup: 'To pay at pick-up',
    securityDepositAtPickup: 'Security deposit, held at pick-up',
    securityDepositPaid: 'Security deposit, paid online (refunded after the return)',
    checklist: "At pick-up: arrive on time and bring a passport or ID and your driver's licence.",
  },
  fr: {
    reference: 'Référence de réservation',
    status: 'Statut',
    car: 'Véhicule',
    supplier: 'Loueur',
    pickup: 'Prise en charge',
    dropoff: 'Restitution',
    total: 'Prix total',
    paidOnline: 'Payé en ligne',
    toPayOnline: 'À payer en ligne',
    payAtPickup: 'À payer à la prise en charge',
    securityDepositAtPickup: 'Caution, bloquée à la prise en charge',
    securityDepositPaid: 'Caution, payée en ligne (remboursée après la restitution)',
    checklist:
      "À la prise en charge : soyez à l'heure et munissez-vous d'un passeport ou d'une pièce d'identité et de votre permis de conduire.",
  },
  es: {
    reference: 'Referencia de la reserva',
    status: 'Estado',
    car: 'Vehículo',
    supplier: 'Proveedor',
    pickup: 'Recogida',
    dropoff: 'Devolución',
    total: 'Precio total',
    paidOnline: 'Pagado en línea',
    toPayOnline: 'Por pagar en línea',
    payAtPickup: 'Por pagar en la recogida',
    securityDepositAtPickup: 'Fianza, retenida en la recogida',
    securityDepositPaid: 'Fianza, pagada en línea (se devuelve tras la devolución)',
    checklist: 'En la recogida: llega a tiempo y trae un pasaporte o documento de identidad y tu permiso de conducir.',
  },
  se: {
    reference: 'Bokningsnummer',
    status: 'Bokningsstatus',
    car: 'Fordon',
    supplier: 'Uthyrare',
    pickup: 'Upphämtning',
    dropoff: 'Återlämning',
    total: 'Totalpris',
    paidOnline: 'Betalt online',
    toPayOnline: 'Att betala online',
    payAtPickup: 'Att betala vid upphämtning',
    securityDepositAtPickup: 'Deposition, reserveras vid upphämtning',
    securityDepositPaid: 'Deposition, betald online (återbetalas efter återlämning)',
    checklist: 'Vid upphämtning: kom i tid och ta med pass eller id-kort och ditt körkort.',
  },
  de: {
    reference: 'Buchungsnummer',
    status: 'Buchungsstatus',
    car: 'Fahrzeug',
    supplier: 'Vermieter',
    pickup: 'Abholung',
    dropoff: 'Rückgabe',
    total: 'Gesamtpreis',
    paidOnline: 'Online bezahlt',
    toPayOnline: 'Online zu zahlen',
    payAtPickup: 'Bei Abholung zu zahlen',
    securityDepositAtPickup: 'Kaution, bei Abholung hinterlegt',
    securityDepositPaid: 'Kaution, online bezahlt (nach der Rückgabe erstattet)',
    checklist:
      'Bei der Abholung: Seien Sie pünktlich und bringen Sie Reisepass oder Ausweis und Ihren Führerschein mit.',
  },
};

/** Between a label and its value: French typography puts a space before the colon. */
export const COLON: Record<Language, string> = { en: ': ', fr: ' : ', es: ': ', se: ': ', de: ': ' };
