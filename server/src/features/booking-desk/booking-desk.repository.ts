import type { DeskSort, PaymentState } from '@roam/contract/booking-desk';
import type { BookingStatus } from '@roam/contract/bookings';
import { looksLikeReference, normalizeReference } from '@roam/contract/bookings';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookingAmendments, bookingNotes, refunds, users } from '#server/db/schema.ts';
import {
  LEDGER_JOIN,
  LEDGER_SUMS_JOIN,
  type LedgerJoin,
  onPlaceDays,
  PAID,
  PAID_ONLINE,
  PAYMENT_STATE,
  REFUNDED,
  REVENUE,
} from '#server/lib/booking-money.repository.ts';

// The only Drizzle code of the bookings desk: its list (one statement for the page, one for the count; the money
// totals of every match apart, asked once per filter), a booking's facts beyond the bookings slice's record, its notes.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type DeskFilter = {
  /** Null: every supplier's (the admin). */
  supplierId: string | null;
  /** A member limited to branches: the bookings picked up or returned there; empty, every place's. */
  branchIds: string[];
  search?: string;
  /**
   * The live cars whose plate holds the search, found in the fleet the car search keeps in memory (the service's); a
   * deleted car's plate is still looked up here. Absent: every car's plate is looked up here.
   */
  platedLiveCarIds?: string[];
  statuses: BookingStatus[];
  paymentStates: PaymentState[];
  /** Checked in online, or not yet. */
  checkedIn?: boolean;
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

/** Up to this many drivers or cars matched are named to the bookings' query; more, and it asks for them itself. */
const NAMED_MAX = 500;

/**
 * The search: a reference exactly; the driver's name or e-mail containing the text; their phone containing its
 * digits (a national number's leading zeros dropped, so that 06 12… finds +33 6 12…); a plate ignoring spaces and
 * dashes. Drivers and cars are found first (their tables are small beside the bookings) and named to the bookings'
 * query, so that the database plans it on what was found: by the reference, driver, car and desk-customer indexes
 * when a few bookings match, along the sort's index when many do (a subquery there left it guessing, and on 200k
 * bookings it scanned them all for one reference). A desk booking is found by what the operator typed of its
 * customer, never by the account's own profile (docs/architecture.md §5 "Desk bookings").
 */
async function searchCondition(db: DbOrTx, search: string, platedLiveCarIds?: string[]): Promise<SQL> {
  const like = containing(search);
  const digits = search.replace(/\D/g, '').replace(/^0+/, '');
  const plate = search.replace(/[\s-]/g, '').toUpperCase();
  const reference = looksLikeReference(search) ? normalizeReference(search) : null;
  const phoneOf = (phone: SQL) =>
    digits.length >= 4
      ? sql`or regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g') like ${containing(digits)}`
      : sql``;
  const drivers = sql`select u.id from users u
    where u.full_name ilike ${like} or u.email ilike ${like} ${phoneOf(sql`u.phone`)}`;
  // The live cars' plates come found from memory when the service found them (scanning 10k plates here took 20–50 ms
  // a search under load: bench/README.md); the deleted cars' are few, read through their partial index.
  const plated = sql`select c2.id from cars c2 where c2.license_plate is not null
    ${platedLiveCarIds ? sql`and c2.deleted_at is not null` : sql``}
    and replace(replace(c2.license_plate, ' ', ''), '-', '') like ${containing(plate)}`;
  const named = async (query: SQL, column: SQL) => {
    const ids = rowsOf<{ id: string }>(await db.execute(sql`${query} limit ${NAMED_MAX + 1}`)).map((row) => row.id);
    if (ids.length === 0) return null;
    return ids.length > NAMED_MAX ? sql`${column} in (${query})` : sql`${column} in (${list(ids)})`;
  };
  const [driverArm, plateArm] = await readTogether(db, [
    () => named(drivers, sql`b.driver_id`),
    () => (plate.length >= 2 ? named(plated, sql`b.car_id`) : null),
  ]);
  const live = platedLiveCarIds ?? [];
  const liveArm = live.length > 0 ? sql`b.car_id in (${list(live)})` : null;
  const carArm = liveArm && plateArm ? sql`(${liveArm} or ${plateArm})` : (liveArm ?? plateArm);
  const arms: SQL[] = [
    sql`(b.desk_customer is not null and (b.desk_customer->>'fullName' ilike ${like}
      or b.desk_customer->>'email' ilike ${like} ${phoneOf(sql`b.desk_customer->>'phone'`)}))`,
  ];
  if (reference) arms.push(sql`b.reference = ${reference}`);
  if (driverArm) arms.push(sql`(b.desk_customer is null and ${driverArm})`);
  if (carArm) arms.push(carArm);
  return sql`(${sql.join(arms, sql` or `)})`;
}

/** `join`: which ledger join the statement has (booking-money.repository.ts), when it filters by payment state. */
async function whereOf(db: DbOrTx, filter: DeskFilter, join: LedgerJoin): Promise<SQL> {
  const parts: SQL[] = [sql`b.kind = 'rental'`];
  if (filter.supplierId) parts.push(sql`b.supplier_id = ${filter.supplierId}`);
  if (filter.branchIds.length > 0)
    parts.push(
      sql`(b.pickup_location_id in (${list(filter.branchIds)}) or b.dropoff_location_id in (${list(filter.branchIds)}))`,
    );
  if (filter.statuses.length > 0) parts.push(sql`b.status in (${list(filter.statuses)})`);
  if (filter.paymentStates.length > 0) parts.push(sql`${PAYMENT_STATE(join)} in (${list(filter.paymentStates)})`);
  if (filter.checkedIn !== undefined)
    parts.push(filter.checkedIn ? sql`b.checked_in_at is not null` : sql`b.checked_in_at is null`);
  if (filter.locationId)
    parts.push(sql`(b.pickup_location_id = ${filter.locationId} or b.dropoff_location_id = ${filter.locationId})`);
  if (filter.pickupFrom || filter.pickupUntil)
    parts.push(onPlaceDays(sql`b.pickup_at`, sql`pl.time_zone`, filter.pickupFrom, filter.pickupUntil));
  if (filter.dropoffFrom || filter.dropoffUntil)
    parts.push(onPlaceDays(sql`b.dropoff_at`, sql`dl.time_zone`, filter.dropoffFrom, filter.dropoffUntil));
  if (filter.search) parts.push(await searchCondition(db, filter.search, filter.platedLiveCarIds));
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
  paidOnline: number;
  refunded: number;
  /** The counter's charges not waived (the return's, later ones, a no-show's fee). */
  charges: number;
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
    b.cancel_request as "cancelRequest", b.created_at as "createdAt", ${PAID()} as paid,
    ${PAID_ONLINE()} as "paidOnline", ${REFUNDED()} as refunded, m.charges, ${REVENUE()}::int as revenue,
    ${PAYMENT_STATE()} as "paymentState"
  from bookings b
    join cars c on c.id = b.car_id
    join users d on d.id = b.driver_id
    join users s on s.id = b.supplier_id
    join locations pl on pl.id = b.pickup_location_id
    join locations dl on dl.id = b.dropoff_location_id
    ${LEDGER_JOIN}`;

/** The places a filter reads beyond the bookings row: the pick-up's and drop-off's clocks of a days filter. */
const placesOf = (filter: DeskFilter) =>
  sql`${filter.pickupFrom || filter.pickupUntil ? sql`join locations pl on pl.id = b.pickup_location_id` : sql``}
    ${filter.dropoffFrom || filter.dropoffUntil ? sql`join locations dl on dl.id = b.dropoff_location_id` : sql``}`;

/**
 * A page of the matches, read in the sort's index order and stopped at the page (their money read per row), and
 * whether another page follows (one row more asked). How many match is `totalsOf`'s, asked apart.
 */
export async function listBookings(db: DbOrTx, filter: DeskFilter, sort: DeskSort, page: number, size: number) {
  const rows = rowsOf<DeskRow>(
    await db.execute(sql`${SELECT} where ${await whereOf(db, filter, 'page')} order by ${ORDER[sort]}
      limit ${size + 1} offset ${(page - 1) * size}`),
  );
  return { rows: rows.slice(0, size), hasMore: rows.length > size };
}

/** A filter of the scope and statuses at most: the totals the database keeps per supplier, day, status and currency. */
const keptTotals = (filter: DeskFilter) =>
  filter.branchIds.length === 0 &&
  !filter.search &&
  filter.paymentStates.length === 0 &&
  filter.checkedIn === undefined &&
  !filter.locationId &&
  !filter.pickupFrom &&
  !filter.pickupUntil &&
  !filter.dropoffFrom &&
  !filter.dropoffUntil;

/**
 * The revenue and refunds of every match, per currency: the list's totals line, asked once per filter. Unfiltered (or
 * by status only), the sums the database keeps as bookings and their ledgers are written (schema-counts.ts
 * `revenueDays`): its days' rows instead of every booking of the scope; any other filter sums its matches.
 */
export async function totalsOf(db: DbOrTx, filter: DeskFilter) {
  const totals = keptTotals(filter)
    ? await db.execute(sql`select t.currency, sum(t.bookings)::int as bookings, sum(t.revenue)::text as revenue,
          sum(t.refunded)::text as refunded
        from revenue_days t
        where true ${filter.supplierId ? sql`and t.supplier_id = ${filter.supplierId}` : sql``}
          ${filter.statuses.length > 0 ? sql`and t.status in (${list(filter.statuses)})` : sql``}
        group by t.currency having sum(t.bookings) <> 0 order by t.currency`)
    : await db.execute(sql`select b.currency, count(*)::int as bookings,
          coalesce(sum(${REVENUE('sums')}), 0)::text as revenue, coalesce(sum(${REFUNDED('sums')}), 0)::text as refunded
        from bookings b ${placesOf(filter)} ${LEDGER_SUMS_JOIN}
        where ${await whereOf(db, filter, 'sums')} group by b.currency order by b.currency`);
  // Sums as text: a whole fleet's revenue in minor units passes a 32-bit integer (200k bookings: ~3 billion).
  const sums = rowsOf<{ currency: string; bookings: number; revenue: string; refunded: string }>(totals).map((sum) => ({
    ...sum,
    revenue: Number(sum.revenue),
    refunded: Number(sum.refunded),
  }));
  return { totalCount: sums.reduce((count, sum) => count + sum.bookings, 0), totals: sums };
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
