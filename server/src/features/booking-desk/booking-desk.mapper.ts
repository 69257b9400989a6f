import type { DeskBookingRow, DeskNote } from '@roam/contract/booking-desk';
import { bookingAmounts } from '@roam/contract/bookings';
import type { CarRange } from '@roam/contract/cars';
import type { Language } from '@roam/contract/languages';
import { ageOn } from '@roam/contract/time';
import { fileUrl } from '#server/features/bookings/bookings.mapper.ts';
import type { DeskRow, notesOf } from './booking-desk.repository.ts';

// The desk's rows and notes as the API shows them (contract booking-desk.schema.ts).

const nameIn = (names: Record<string, string>, language: Language) => names[language] ?? names.en ?? '';
const iso = (value: string | Date) => new Date(value).toISOString();
const DAY_MS = 24 * 3600_000;

/** What is due on the row: its total and its charges not waived, less what it holds (paid − refunded). */
function dueOf(row: DeskRow) {
  const kept = row.paid - row.refunded;
  if (row.status === 'cancelled' || row.status === 'void') return 0;
  if (row.status === 'no_show') return Math.max(0, row.charges - kept);
  return Math.max(0, row.totalAmount + row.charges - kept);
}

export function toDeskRow(row: DeskRow, language: Language): DeskBookingRow {
  const pickupAt = new Date(row.pickupAt);
  const dropoffAt = new Date(row.dropoffAt);
  return {
    _id: row.id,
    reference: row.reference,
    status: row.status,
    paymentOption: row.paymentOption,
    car: { _id: row.carId, name: row.carName, image: fileUrl(row.carImageFileId), range: row.carRange as CarRange },
    supplier: { _id: row.supplierId, name: row.supplierName },
    pickupLocation: {
      _id: row.pickupLocationId,
      name: nameIn(row.pickupNames, language),
      address: row.pickupAddress,
      timeZone: row.pickupTimeZone,
    },
    dropoffLocation: {
      _id: row.dropoffLocationId,
      name: nameIn(row.dropoffNames, language),
      address: row.dropoffAddress,
      timeZone: row.dropoffTimeZone,
    },
    pickupAt: pickupAt.toISOString(),
    dropoffAt: dropoffAt.toISOString(),
    days: Math.max(1, Math.ceil((dropoffAt.getTime() - pickupAt.getTime()) / DAY_MS)),
    // The list's money is its one SQL computation over the ledger (lib/booking-money.repository.ts): paid online,
    // net of refunds (the refunds go back through the gateways); due with the counter's charges, by the balance's
    // rule (contract ledger.ts `bookingBalance`: a no-show owes its fee beyond what it keeps).
    amounts: bookingAmounts(row, { paidOnline: row.paidOnline - row.refunded, held: 0, due: dueOf(row) }),
    driver: { _id: row.driverId, name: row.driverName, email: row.driverEmail, phone: row.driverPhone },
    plate: row.plate,
    money: { paid: row.paid, refunded: row.refunded, revenue: row.revenue, state: row.paymentState },
    cancelRequest: row.cancelRequest,
    createdAt: iso(row.createdAt),
  };
}

/** A person's age on the pick-up day at the pick-up place, when their birth date is known. */
export const ageAtPickup = (birthDate: string | null, row: Pick<DeskRow, 'pickupAt' | 'pickupTimeZone'>) =>
  birthDate ? ageOn(birthDate, new Date(row.pickupAt), row.pickupTimeZone) : null;

export function toNote({ note, authorName }: Awaited<ReturnType<typeof notesOf>>[number]): DeskNote {
  return {
    _id: note.id,
    text: note.text,
    author: note.authorId && authorName !== null ? { _id: note.authorId, name: authorName } : null,
    createdAt: note.createdAt.toISOString(),
  };
}
