import type { Extra, Language } from '@roam/contract/enums';

// The receipt's and the calendar file's words in the five languages (issue #25 item 4), the screens' words for the
// same things (web locales checkout.json, cars.json, bookings.json); registers as COMMON fixes them: French vous,
// Spanish tú, German Sie, Swedish du (these labels address nobody, but keep the screens' terms).

export type DocumentWords = {
  receipt: string;
  reference: string;
  issuedOn: string;
  status: string;
  driver: string;
  supplier: string;
  vehicle: string;
  pickup: string;
  dropoff: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  rental: (days: number) => string;
  extras: Record<Extra, string>;
  included: string;
  total: string;
  paidOnline: string;
  dueAtPickup: string;
  securityDeposit: string;
  currency: string;
  vatIncluded: (rate: string) => string;
  thanks: (website: string) => string;
  pickupEvent: (car: string) => string;
  dropoffEvent: (car: string) => string;
};

export const DOCUMENT_WORDS: Record<Language, DocumentWords> = {
  en: {
    receipt: 'Receipt',
    reference: 'Booking reference',
    issuedOn: 'Issued on',
    status: 'Status',
    driver: 'Driver',
    supplier: 'Supplier',
    vehicle: 'Vehicle',
    pickup: 'Pick-up',
    dropoff: 'Drop-off',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    rental: (days) => `Rental (${days} ${days === 1 ? 'day' : 'days'})`,
    extras: {
      cancellation: 'Cancellation',
      amendments: 'Amendments',
      theftProtection: 'Theft protection',
      collisionDamageWaiver: 'Collision damage waiver',
      fullInsurance: 'Full insurance',
      additionalDriver: 'Additional driver',
    },
    included: 'included',
    total: 'Total',
    paidOnline: 'Paid online',
    dueAtPickup: 'Due at pick-up',
    securityDeposit: 'Security deposit',
    currency: 'Currency',
    vatIncluded: (rate) => `VAT included (${rate} %)`,
    thanks: (website) => `Thank you for booking with ${website}.`,
    pickupEvent: (car) => `Pick-up: ${car}`,
    dropoffEvent: (car) => `Drop-off: ${car}`,
  },
  fr: {
    receipt: 'Reçu',
    reference: 'Référence de réservation',
    issuedOn: 'Émis le',
    status: 'Statut',
    driver: 'Conducteur',
    supplier: 'Loueur',
    vehicle: 'Véhicule',
    pickup: 'Prise en charge',
    dropoff: 'Restitution',
    description: 'Désignation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    rental: (days) => `Location (${days} ${days === 1 ? 'jour' : 'jours'})`,
    extras: {
      cancellation: 'Annulation',
      amendments: 'Modifications',
      theftProtection: 'Protection contre le vol',
      collisionDamageWaiver: 'Rachat de franchise collision',
      fullInsurance: 'Assurance tous risques',
      additionalDriver: 'Conducteur supplémentaire',
    },
    included: 'inclus',
    total: 'Total',
    paidOnline: 'Payé en ligne',
    dueAtPickup: 'À payer à la prise en charge',
    securityDeposit: 'Caution',
    currency: 'Devise',
    vatIncluded: (rate) => `Dont TVA (${rate} %)`,
    thanks: (website) => `Merci d'avoir réservé avec ${website}.`,
    pickupEvent: (car) => `Prise en charge : ${car}`,
    dropoffEvent: (car) => `Restitution : ${car}`,
  },
  es: {
    receipt: 'Recibo',
    reference: 'Referencia de la reserva',
    issuedOn: 'Emitido el',
    status: 'Estado',
    driver: 'Conductor',
    supplier: 'Proveedor',
    vehicle: 'Vehículo',
    pickup: 'Recogida',
    dropoff: 'Devolución',
    description: 'Concepto',
    quantity: 'Cantidad',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    rental: (days) => `Alquiler (${days} ${days === 1 ? 'día' : 'días'})`,
    extras: {
      cancellation: 'Cancelación',
      amendments: 'Modificaciones',
      theftProtection: 'Protección antirrobo',
      collisionDamageWaiver: 'Exención de daños por colisión',
      fullInsurance: 'Seguro a todo riesgo',
      additionalDriver: 'Conductor adicional',
    },
    included: 'incluido',
    total: 'Total',
    paidOnline: 'Pagado en línea',
    dueAtPickup: 'A pagar en la recogida',
    securityDeposit: 'Fianza',
    currency: 'Moneda',
    vatIncluded: (rate) => `IVA incluido (${rate} %)`,
    thanks: (website) => `Gracias por reservar con ${website}.`,
    pickupEvent: (car) => `Recogida: ${car}`,
    dropoffEvent: (car) => `Devolución: ${car}`,
  },
  se: {
    receipt: 'Kvitto',
    reference: 'Bokningsnummer',
    issuedOn: 'Utfärdat',
    status: 'Status',
    driver: 'Förare',
    supplier: 'Uthyrare',
    vehicle: 'Fordon',
    pickup: 'Upphämtning',
    dropoff: 'Återlämning',
    description: 'Beskrivning',
    quantity: 'Antal',
    unitPrice: 'Styckpris',
    amount: 'Belopp',
    rental: (days) => `Hyra (${days} ${days === 1 ? 'dag' : 'dagar'})`,
    extras: {
      cancellation: 'Avbokning',
      amendments: 'Ändringar',
      theftProtection: 'Stöldskydd',
      collisionDamageWaiver: 'Självriskreducering vid kollision',
      fullInsurance: 'Helförsäkring',
      additionalDriver: 'Extra förare',
    },
    included: 'ingår',
    total: 'Totalt',
    paidOnline: 'Betalt online',
    dueAtPickup: 'Att betala vid upphämtning',
    securityDeposit: 'Deposition',
    currency: 'Valuta',
    vatIncluded: (rate) => `Varav moms (${rate} %)`,
    thanks: (website) => `Tack för att du bokade hos ${website}.`,
    pickupEvent: (car) => `Upphämtning: ${car}`,
    dropoffEvent: (car) => `Återlämning: ${car}`,
  },
  de: {
    receipt: 'Quittung',
    reference: 'Buchungsnummer',
    issuedOn: 'Ausgestellt am',
    status: 'Status',
    driver: 'Fahrer',
    supplier: 'Vermieter',
    vehicle: 'Fahrzeug',
    pickup: 'Abholung',
    dropoff: 'Rückgabe',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    rental: (days) => `Miete (${days} ${days === 1 ? 'Tag' : 'Tage'})`,
    extras: {
      cancellation: 'Stornierung',
      amendments: 'Änderungen',
      theftProtection: 'Diebstahlschutz',
      collisionDamageWaiver: 'Vollkasko ohne Selbstbeteiligung',
      fullInsurance: 'Vollversicherung',
      additionalDriver: 'Zusätzlicher Fahrer',
    },
    included: 'inklusive',
    total: 'Gesamtbetrag',
    paidOnline: 'Online bezahlt',
    dueAtPickup: 'Bei Abholung zu zahlen',
    securityDeposit: 'Kaution',
    currency: 'Währung',
    vatIncluded: (rate) => `Enthaltene MwSt. (${rate} %)`,
    thanks: (website) => `Vielen Dank für Ihre Buchung bei ${website}.`,
    pickupEvent: (car) => `Abholung: ${car}`,
    dropoffEvent: (car) => `Rückgabe: ${car}`,
  },
};
