import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { translator } from '#server/i18n/translate.ts';
import type { BookingDocument, DocumentPlace } from './booking-document.rules.ts';

// The booking's calendar file, in the booking's language (words: i18n/locales/<language>/documents.json): a pick-up
// and a drop-off event at the places' own clocks — each event carries its place's zone (TZID) and the zone's
// VTIMEZONE rules, so a phone in another zone shows the right instant and a DST change between booking and rental
// moves nothing. Written by ical-generator, not by hand.

/** How long the counter visit is blocked in the calendar. */
const VISIT_MINUTES = 30;

const inZone = (at: Date, timeZone: string) => DateTime.fromJSDate(at, { zone: timeZone });
const placeText = (place: DocumentPlace) => (place.address ? `${place.name}, ${place.address}` : place.name);

export function bookingCalendar(document: BookingDocument, websiteName: string): string {
  const t = translator(document.language, 'documents');
  const calendar = ical({
    prodId: { company: websiteName, product: 'Bookings', language: document.language.toUpperCase() },
    name: `${websiteName} ${document.reference}`,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const description = `${t('reference')}: ${document.reference}\n${t('supplier')}: ${document.supplier.name} (${document.supplier.email})\n${document.link}`;
  const events: [string, string, DocumentPlace][] = [
    ['pickup', t('pickupEvent', { car: document.carName }), document.pickup],
    ['dropoff', t('dropoffEvent', { car: document.carName }), document.dropoff],
  ];
  for (const [kind, summary, place] of events) {
    const start = inZone(place.at, place.timeZone);
    calendar.createEvent({
      // Stable: importing the file again updates the events instead of adding copies.
      id: `${document.id}-${kind}@${websiteName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      start,
      end: start.plus({ minutes: VISIT_MINUTES }),
      timezone: place.timeZone,
      summary,
      location: placeText(place),
      description,
      url: document.link,
      // A cancelled booking's file cancels its events where they were imported (same ids).
      ...(document.status === 'cancelled' ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  return calendar.toString();
}
