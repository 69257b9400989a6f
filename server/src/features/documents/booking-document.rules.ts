import type { Language } from '@roam/contract/languages';
import { LanguageSchema } from '@roam/contract/languages.schema';
import { type BookingMoney, bookingMoney } from './booking-money.rules.ts';
import type { BookingFacts } from './documents.repository.ts';

// One booking as its documents tell it: the receipt, the calendar file and the reminders
// are each a rendering of this, in the booking's language — its driver's.

export type DocumentPlace = { name: string; address: string | null; timeZone: string; at: Date };

export type BookingDocument = {
  id: string;
  /** The short reference people read. */
  reference: string;
  language: Language;
  status: BookingFacts['booking']['status'];
  carName: string;
  driver: { id: string; name: string; email: string; phone: string | null; enableEmailNotifications: boolean };
  supplier: { name: string; email: string };
  pickup: DocumentPlace;
  dropoff: DocumentPlace;
  money: BookingMoney;
  /** The booking page, where its owner manages it. */
  link: string;
};

const nameIn = (names: Record<string, string>, language: Language) => names[language] ?? names.en ?? '';

export function languageOf(value: string): Language {
  const parsed = LanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : 'en';
}

export function toBookingDocument(
  facts: BookingFacts,
  settings: { vatRates: Readonly<Record<string, number>>; publicUrl: string },
): BookingDocument {
  const { booking } = facts;
  const language = languageOf(facts.driver.language);
  return {
    id: booking.id,
    reference: booking.reference,
    language,
    status: booking.status,
    carName: facts.carName,
    driver: {
      id: booking.driverId,
      name: facts.driver.name,
      email: facts.driver.email,
      phone: facts.driver.phone,
      enableEmailNotifications: facts.driver.enableEmailNotifications,
    },
    supplier: { name: facts.supplier.name, email: facts.supplier.contactEmail ?? facts.supplier.email },
    pickup: {
      name: nameIn(facts.pickup.names, language),
      address: facts.pickup.address,
      timeZone: facts.pickup.timeZone,
      at: booking.pickupAt,
    },
    dropoff: {
      name: nameIn(facts.dropoff.names, language),
      address: facts.dropoff.address,
      timeZone: facts.dropoff.timeZone,
      at: booking.dropoffAt,
    },
    money: bookingMoney(facts, settings.vatRates),
    link: `${settings.publicUrl}/booking?b=${booking.id}&l=${language}`,
  };
}
