import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { BookingDocument, DocumentPlace } from './booking-document.ts';
import { DOCUMENT_WORDS } from './document-words.ts';

// The booking's calendar file (issue #25 item 4): a pick-up and a drop-off event at the places' own clocks — each
// event carries its place's zone (TZID) and the zone's VTIMEZONE rules, so a phone in another zone shows the right
// instant and a DST change between booking and rental moves nothing. Written by ical-generator, not by hand.

/** How long the counter visit is blocked in the calendar. */
const VISIT_MINUTES = 30;

const inZone = (at: Date, timeZone: string) => DateTime.fromJSDate(at, { zone: timeZone });
const placeText = (place: DocumentPlace) => (place.address ? `${place.name}, ${place.address}` : place.name);

export function bookingCalendar(document: BookingDocument, websiteName: string): string {
  const words = DOCUMENT_WORDS[document.language];
  const calendar = ical({
    prodId: { company: websiteName, product: 'Bookings', language: document.language.toUpperCase() },
    name: `${websiteName} ${document.reference}`,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const description = `${words.reference}: ${document.reference}\n${words.supplier}: ${document.supplier.name} (${document.supplier.email})\n${document.link}`;
  const events: [string, string, DocumentPlace][] = [
    ['pickup', words.pickupEvent(document.carName), document.pickup],
    ['dropoff', words.dropoffEvent(document.carName), document.dropoff],
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
