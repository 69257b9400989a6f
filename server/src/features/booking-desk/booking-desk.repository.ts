import type { DeskSort, PaymentState } from '@roam/contract/booking-desk';
import type { BookingStatus } from '@roam/contract/bookings';
import { looksLikeReference, normalizeReference } from '@roam/contract/bookings';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingAmendments, bookingNotes, refunds, users } from '#server/db/schema.ts';
import {
  onPlaceDays,
  PAID,
  PAYMENT_STATE,
  REFUNDED,
  REFUNDS_JOIN,
  REVENUE,
} from '#server/lib/booking-money.repository.ts';

// The only Drizzle code of the bookings desk: its list (one statement for the page, one for the count and the
// totals), a booking's facts beyond the bookings slice's record, its notes.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type DeskFilter = {
  /** Null: every supplier's (the admin). */
  supplierId: string | null;
  search?: string;
  statuses: BookingStatus[];
  paymentStates: PaymentState[];
  locationId?: string;
  pickupFrom?: string;
  /** The day after the last one. */
  pickupUntil?: string;
  dropoffFrom?: string;
  dropoffUntil?: string;
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** `%text%` for `like`, its wildcards escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search: a reference exactly; the driver's name or e-mail containing the text; their phone containing its
 * digits (a national number's leading zeros dropped, so that 06 12… finds +33 6 12…); a plate ignoring spaces and
 * dashes. Drivers and cars are found first (their tables are small beside the bookings), then their bookings by the
 * driver and car indexes. A desk booking is found by what the operator typed of its customer, never by the account's
 * own profile (docs/architecture.md §5 "Desk bookings").
 */
function searchCondition(search: string): SQL {
  const like = containing(search);
  const digits = search.replace(/\D/g, '').replace(/^0+/, '');
  const plate = search.replace(/[\s-]/g, '').toUpperCase();
  const reference = looksLikeReference(search) ? normalizeReference(search) : null;
  const phoneOf = (phone: SQL) =>
    digits.length >= 4
      ? sql`or regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g') like ${containing(digits)}`
      : sql``;
  return sql`(${reference ? sql`b.reference = ${reference} or ` : sql``}(b.desk_customer is null and b.driver_id in (
      select u.id from users u where u.full_name ilike ${like} or u.email ilike ${like} ${phoneOf(sql`u.phone`)}))
    or (b.desk_customer is not null and (b.desk_customer->>'fullName' ilike ${like}
      or b.desk_customer->>'email' ilike ${like} ${phoneOf(sql`b.desk_customer->>'phone'`)}))
    ${plate.length >= 2 ? sql`or b.car_id in (select c2.id from cars c2 where c2.license_plate is not null and replace(replace(c2.license_plate, ' ', ''), '-', '') like ${containing(plate)})` : sql``})`;
}

function whereOf(filter: DeskFilter): SQL {
  const parts: SQL[] = [sql`b.kind = 'rental'`];
  if (filter.supplierId) parts.push(sql`b.supplier_id = ${filter.supplierId}`);
  if (filter.statuses.length > 0) parts.push(sql`b.status in (${list(filter.statuses)})`);
  if (filter.paymentStates.length > 0) parts.push(sql`${PAYMENT_STATE} in (${list(filter.paymentStates)})`);
  if (filter.locationId)
    parts.push(sql`(b.pickup_location_id = ${filter.locationId} or b.dropoff_location_id = ${filter.locationId})`);
  if (filter.pickupFrom || filter.pickupUntil)
    parts.push(onPlaceDays(sql`b.pickup_at`, sql`pl.time_zone`, filter.pickupFrom, filter.pickupUntil));
  if (filter.dropoffFrom || filter.dropoffUntil)
    parts.push(onPlaceDays(sql`b.dropoff_at`, sql`dl.time_zone`, filter.dropoffFrom, filter.dropoffUntil));
  if (filter.search) parts.push(searchCondition(filter.search));
  return sql.join(parts, sql` and `);
}

const ORDER: Record<DeskSort, SQL> = {
  createdDesc: sql`b.created_at desc, b.id desc`,
  pickupAsc: sql`b.pickup_at asc, b.id asc`,
  pickupDesc: sql`b.pickup_at desc, b.id desc`,
};

export type DeskRow = {
  id: string;
  reference: string;
  status: BookingStatus;
  paymentOption: 'payLater' | 'deposit' | 'full';
  carId: string;
  carName: string;
  carImageFileId: string | null;
  carRange: string;
  plate: string | null;
  supplierId: string;
  supplierName: string;
  driverId: string;
  driverName: string;
  driverEmail: string;
  driverPhone: string | null;
  /** 'YYYY-MM-DD': what was typed at the desk for a desk booking, else the account's. */
  driverBirthDate: string | null;
  pickupLocationId: string;
  pickupNames: Record<string, string>;
  pickupTimeZone: string;
  pickupAddress: string | null;
  dropoffLocationId: string;
  dropoffNames: Record<string, string>;
  dropoffTimeZone: string;
  dropoffAddress: string | null;
  pickupAt: string;
  dropoffAt: string;
  currency: string;
  totalAmount: number;
  depositAmount: number;
  cancelRequest: boolean;
  createdAt: string;
  paid: number;
  refunded: number;
  revenue: number;
  paymentState: PaymentState;
};

const SELECT = sql`select b.id, b.reference, b.status, b.payment_option as "paymentOption", b.car_id as "carId",
    c.name as "carName", c.image_file_id as "carImageFileId", c.range as "carRange", c.license_plate as plate,
    b.supplier_id as "supplierId", s.full_name as "supplierName", b.driver_id as "driverId",
    coalesce(b.desk_customer->>'fullName', d.full_name) as "driverName",
    coalesce(b.desk_customer->>'email', d.email) as "driverEmail",
    case when b.desk_customer is null then d.phone else nullif(b.desk_customer->>'phone', '') end as "driverPhone",
    case when b.desk_customer is null then d.birth_date::text else nullif(b.desk_customer->>'birthDate', '') end
      as "driverBirthDate",
    b.pickup_location_id as "pickupLocationId", pl.names as "pickupNames", pl.time_zone as "pickupTimeZone",
    pl.address as "pickupAddress", b.dropoff_location_id as "dropoffLocationId", dl.names as "dropoffNames",
    dl.time_zone as "dropoffTimeZone", dl.address as "dropoffAddress", b.pickup_at as "pickupAt",
    b.dropoff_at as "dropoffAt", b.currency, b.total_amount as "totalAmount", b.deposit_amount as "depositAmount",
    b.cancel_request as "cancelRequest", b.created_at as "createdAt", ${PAID}::int as paid,
    ${REFUNDED}::int as refunded, ${REVENUE}::int as revenue, ${PAYMENT_STATE} as "paymentState"
  from bookings b
    join cars c on c.id = b.car_id
    join users d on d.id = b.driver_id
    join users s on s.id = b.supplier_id
    join locations pl on pl.id = b.pickup_location_id
    join locations dl on dl.id = b.dropoff_location_id
    ${REFUNDS_JOIN}`;

export async function listBookings(db: DbOrTx, filter: DeskFilter, sort: DeskSort, page: number, size: number) {
  const where = whereOf(filter);
  const placesJoin = sql`${filter.pickupFrom || filter.pickupUntil ? sql`join locations pl on pl.id = b.pickup_location_id` : sql``}
    ${filter.dropoffFrom || filter.dropoffUntil ? sql`join locations dl on dl.id = b.dropoff_location_id` : sql``}`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`${SELECT} where ${where} order by ${ORDER[sort]} limit ${size} offset ${(page - 1) * size}`),
    db.execute(sql`select b.currency, count(*)::int as bookings, coalesce(sum(${REVENUE}), 0)::text as revenue,
        coalesce(sum(${REFUNDED}), 0)::text as refunded
      from bookings b ${placesJoin} ${REFUNDS_JOIN}
      where ${where} group by b.currency order by b.currency`),
  ]);
  return {
    rows: rowsOf<DeskRow>(rows),
    // Sums as text: a whole fleet's revenue in minor units passes a 32-bit integer (200k bookings: ~3 billion).
    totals: rowsOf<{ currency: string; bookings: number; revenue: string; refunded: string }>(totals).map((sum) => ({
      ...sum,
      revenue: Number(sum.revenue),
      refunded: Number(sum.refunded),
    })),
  };
}

/** One booking's desk row (its money, the driver's contact), whatever its scope: the caller checked it. */
export async function findRow(db: DbOrTx, id: string) {
  const [row] = rowsOf<DeskRow>(await db.execute(sql`${SELECT} where b.id = ${id} and b.kind = 'rental'`));
  return row ?? null;
}

/** The driver's licence on their account, beside the bookings slice's record. */
export async function driverDetails(db: DbOrTx, driverId: string) {
  const [row] = await db.select({ licenseFileId: users.licenseFileId }).from(users).where(eq(users.id, driverId));
  return row ?? null;
}

/** The booking's refunds (every state), oldest first. */
export function refundsOf(db: DbOrTx, bookingId: string) {
  return db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(refunds.createdAt, refunds.key);
}

/** The paid changes' payments (applied, or refunded because the change could not be made), oldest first. */
export function paidChangesOf(db: DbOrTx, bookingId: string) {
  return db
    .select()
    .from(bookingAmendments)
    .where(
      sql`${bookingAmendments.bookingId} = ${bookingId} and ${bookingAmendments.status} in ('applied', 'refunded')`,
    )
    .orderBy(bookingAmendments.settledAt);
}

export function notesOf(db: DbOrTx, bookingId: string) {
  return db
    .select({ note: bookingNotes, authorName: users.fullName })
    .from(bookingNotes)
    .leftJoin(users, eq(users.id, bookingNotes.authorId))
    .where(eq(bookingNotes.bookingId, bookingId))
    .orderBy(desc(bookingNotes.createdAt), desc(bookingNotes.id));
}

export async function insertNote(db: DbOrTx, note: { bookingId: string; authorId: string; text: string }) {
  const [row] = await db.insert(bookingNotes).values(note).returning();
  return row!;
}
