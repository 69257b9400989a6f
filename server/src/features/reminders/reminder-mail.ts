import type { Language } from '@roam/contract/enums';

// The reminder e-mails (issue #25 item 5) in the five languages, in each register COMMON fixes: French vous, Spanish
// tú, German Sie, Swedish du. The pick-up checklist is checkout's (spec §2: arrive on time; bring a passport or ID and
// a driver's licence).

export type ReminderParams = {
  websiteName: string;
  car: string;
  reference: string;
  /** The place's name, with its address when known. */
  place: string;
  /** The time on the place's clock. */
  time: string;
  /** What is due at the counter, formatted in the booking's currency. */
  due: string;
  securityDeposit: string;
  link: string;
};
type Template = { subject: (p: ReminderParams) => string; text: (p: ReminderParams) => string };

// biome-ignore format: one line per language reads better
export const PICKUP_REMINDER: Record<Language, Template> = {
  en: { subject: (p) => `Your pick-up of the ${p.car} is coming up – ${p.reference}`, text: (p) => `Hello,\n\nYour rental of the ${p.car} starts soon.\n\nPick-up: ${p.time}\nPlace: ${p.place}\nBooking reference: ${p.reference}\n\nAt the counter: ${p.due} to pay, and a security deposit of ${p.securityDeposit}.\n\nBefore you go:\n- Arrive on time.\n- Bring a passport or ID and your driver's licence.\n\n${p.link}\n\n${p.websiteName}` },
  fr: { subject: (p) => `Votre prise en charge de la ${p.car} approche – ${p.reference}`, text: (p) => `Bonjour,\n\nVotre location de la ${p.car} commence bientôt.\n\nPrise en charge : ${p.time}\nLieu : ${p.place}\nRéférence de réservation : ${p.reference}\n\nAu comptoir : ${p.due} à payer, et une caution de ${p.securityDeposit}.\n\nAvant de partir :\n- Soyez à l'heure.\n- Munissez-vous d'un passeport ou d'une pièce d'identité et de votre permis de conduire.\n\n${p.link}\n\n${p.websiteName}` },
  es: { subject: (p) => `Se acerca la recogida de tu ${p.car} – ${p.reference}`, text: (p) => `Hola:\n\nTu alquiler del ${p.car} empieza pronto.\n\nRecogida: ${p.time}\nLugar: ${p.place}\nReferencia de la reserva: ${p.reference}\n\nEn el mostrador: ${p.due} a pagar y una fianza de ${p.securityDeposit}.\n\nAntes de salir:\n- Llega a tiempo.\n- Trae un pasaporte o documento de identidad y tu permiso de conducir.\n\n${p.link}\n\n${p.websiteName}` },
  se: { subject: (p) => `Snart dags att hämta ${p.car} – ${p.reference}`, text: (p) => `Hej!\n\nDin hyra av ${p.car} börjar snart.\n\nUpphämtning: ${p.time}\nPlats: ${p.place}\nBokningsnummer: ${p.reference}\n\nVid disken: ${p.due} att betala och en deposition på ${p.securityDeposit}.\n\nInnan du åker:\n- Kom i tid.\n- Ta med pass eller id-kort och ditt körkort.\n\n${p.link}\n\n${p.websiteName}` },
  de: { subject: (p) => `Ihre Abholung des ${p.car} steht bevor – ${p.reference}`, text: (p) => `Hallo,\n\nIhre Miete des ${p.car} beginnt bald.\n\nAbholung: ${p.time}\nOrt: ${p.place}\nBuchungsnummer: ${p.reference}\n\nAm Schalter: ${p.due} zu zahlen und eine Kaution von ${p.securityDeposit}.\n\nVor der Abfahrt:\n- Seien Sie pünktlich.\n- Bringen Sie Reisepass oder Ausweis und Ihren Führerschein mit.\n\n${p.link}\n\n${p.websiteName}` },
};

// biome-ignore format: one line per language reads better
export const DROPOFF_REMINDER: Record<Language, Template> = {
  en: { subject: (p) => `Drop-off today: ${p.car} – ${p.reference}`, text: (p) => `Hello,\n\nYour rental of the ${p.car} ends today.\n\nDrop-off: ${p.time}\nPlace: ${p.place}\nBooking reference: ${p.reference}\n\n${p.link}\n\n${p.websiteName}` },
  fr: { subject: (p) => `Restitution aujourd'hui : ${p.car} – ${p.reference}`, text: (p) => `Bonjour,\n\nVotre location de la ${p.car} se termine aujourd'hui.\n\nRestitution : ${p.time}\nLieu : ${p.place}\nRéférence de réservation : ${p.reference}\n\n${p.link}\n\n${p.websiteName}` },
  es: { subject: (p) => `Devolución hoy: ${p.car} – ${p.reference}`, text: (p) => `Hola:\n\nTu alquiler del ${p.car} termina hoy.\n\nDevolución: ${p.time}\nLugar: ${p.place}\nReferencia de la reserva: ${p.reference}\n\n${p.link}\n\n${p.websiteName}` },
  se: { subject: (p) => `Återlämning i dag: ${p.car} – ${p.reference}`, text: (p) => `Hej!\n\nDin hyra av ${p.car} slutar i dag.\n\nÅterlämning: ${p.time}\nPlats: ${p.place}\nBokningsnummer: ${p.reference}\n\n${p.link}\n\n${p.websiteName}` },
  de: { subject: (p) => `Rückgabe heute: ${p.car} – ${p.reference}`, text: (p) => `Hallo,\n\nIhre Miete des ${p.car} endet heute.\n\nRückgabe: ${p.time}\nOrt: ${p.place}\nBuchungsnummer: ${p.reference}\n\n${p.link}\n\n${p.websiteName}` },
};
