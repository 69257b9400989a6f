import type { BookingStatus } from '@roam/contract/bookings';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

// The only Drizzle code of the dashboard: each part one statement, aggregated by the database
// (docs/architecture.md §7: p99 ≤ 200 ms on 10k cars / 200k bookings). `supplierId` null: every supplier's (the admin).

/**
 * Rentals a desk hands over or takes back today: confirmed or set by an operator (waiting), or already through the
 * counter (on rent, returned, closed; a pick-up also a no-show) — docs/architecture.md §5 "After the booking".
 */
const PICKUPS = sql`b.kind = 'rental' and b.status in ('pending', 'deposit', 'paid', 'reserved', 'on_rent', 'returned',
  'closed', 'no_show')`;
const DROPOFFS = sql`b.kind = 'rental' and b.status in ('pending', 'deposit', 'paid', 'reserved', 'on_rent', 'returned',
  'closed')`;

const ofSupplier = (supplierId: string | null, column: SQL) =>
  supplierId ? sql`and ${column} = ${supplierId}` : sql``;

/** A member limited to branches: the movements at those locations, the bookings picked up or returned there. */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const atBranches = (branchIds: string[], ...columns: SQL[]) =>
  branchIds.length === 0
    ? sql``
    : sql`and (${sql.join(
        columns.map((column) => sql`${column} = any(${uuids(branchIds)})`),
        sql` or `,
      )})`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Names = Record<string, string>;

export type MovementRow = {
  id: string;
  reference: string;
  kind: 'pickup' | 'dropoff';
  at: string;
  status: BookingStatus;
  locationId: string;
  names: Names;
  timeZone: string;
  carName: string;
  driverName: string;
  checkedInAt: string | null;
};

export type PlaceCountRow = {
  locationId: string;
  names: Names;
  timeZone: string;
  today: string;
  pickups: number;
  dropoffs: number;
};

/**
 * Today's pick-ups and drop-offs at each place, "today" at the place's clock: a day either side of `now` narrows the
 * rows by the pick-up and drop-off indexes, then each is kept when it falls on the place's date. The database counts
 * them per place from the indexes alone (each holds the place, supplier and status: an index-only scan; at 10× the
 * admin's day is ~10k movements, whose rows were 14k heap pages) and reads the rows, the car and the driver of the
 * first `shown` only.
 */
export async function todaysMovements(
  db: DbOrTx,
  supplierId: string | null,
  now: Date,
  shown: number,
  branchIds: string[] = [],
) {
  const at = now.toISOString();
  const moves = (kind: 'pickup' | 'dropoff') => {
    const time = kind === 'pickup' ? sql.raw('b.pickup_at') : sql.raw('b.dropoff_at');
    const place = kind === 'pickup' ? sql.raw('b.pickup_location_id') : sql.raw('b.dropoff_location_id');
    return sql`select b.id, ${kind} as kind, ${time} as at, b.status, z.id as location_id
      from bookings b join zones z on z.id = ${place}
      where ${kind === 'pickup' ? PICKUPS : DROPOFFS} ${ofSupplier(supplierId, sql`b.supplier_id`)} ${atBranches(branchIds, place)}
        and ${time} >= ${at}::timestamptz - interval '1 day' and ${time} < ${at}::timestamptz + interval '1 day'
        and (${time} at time zone z.time_zone)::date = z.today`;
  };
  // One statement (PGlite runs one at a time): each place's date once, the day's movements once, counted per place
  // and the first shown.
  const result = await db.execute(sql`
    with zones as materialized (
      select l.id, l.names, l.time_zone, (${at}::timestamptz at time zone l.time_zone)::date as today from locations l),
    m as materialized (${moves('pickup')} union all ${moves('dropoff')}),
    places as (
      select z.id as "locationId", z.names, z.time_zone as "timeZone", to_char(z.today, 'YYYY-MM-DD') as today,
        n.pickups, n.dropoffs
      from (select location_id, (count(*) filter (where kind = 'pickup'))::int as pickups,
          (count(*) filter (where kind = 'dropoff'))::int as dropoffs
        from m group by location_id) n join zones z on z.id = n.location_id),
    shown as (
      select m.id, b.reference, m.kind, m.at, m.status, m.location_id as "locationId", c.name as "carName",
        coalesce(b.desk_customer ->> 'fullName', d.full_name) as "driverName", b.checked_in_at as "checkedInAt"
      from (select * from m order by at, id limit ${shown}) m
        join bookings b on b.id = m.id join cars c on c.id = b.car_id join users d on d.id = b.driver_id)
    select (select coalesce(json_agg(p), '[]') from places p) as places,
      (select coalesce(json_agg(s order by s.at, s.id), '[]') from shown s) as movements`);
  const [row] = rowsOf<{ places: PlaceCountRow[]; movements: Omit<MovementRow, 'names' | 'timeZone'>[] }>(result);
  // A shown movement's place is one of the counted places: its names and clock are sent once, with the counts.
  const places = row?.places ?? [];
  const placeOf = new Map(places.map((place) => [place.locationId, place]));
  const movements = (row?.movements ?? []).map((move): MovementRow => {
    const { names, timeZone } = placeOf.get(move.locationId)!;
    return { ...move, names, timeZone };
  });
  return { places, movements };
}

/**
 * Cars on rent past their drop-off, the most overdue first (the first `shown`): by the status and drop-off index.
 */
export async function overdueReturns(
  db: DbOrTx,
  supplierId: string | null,
  now: Date,
  shown: number,
  branchIds: string[] = [],
) {
  const result = await db.execute(sql`
    select b.id, b.reference, 'dropoff' as kind, b.dropoff_at as at, b.status, l.id as "locationId", l.names,
      l.time_zone as "timeZone", c.name as "carName", d.full_name as "driverName", b.checked_in_at as "checkedInAt"
    from bookings b join locations l on l.id = b.dropoff_location_id join cars c on c.id = b.car_id
      join users d on d.id = b.driver_id
    where b.kind = 'rental' and b.status = 'on_rent' and b.dropoff_at < ${now.toISOString()}::timestamptz
      ${ofSupplier(supplierId, sql`b.supplier_id`)} ${atBranches(branchIds, sql`b.pickup_location_id`, sql`b.dropoff_location_id`)}
    order by b.dropoff_at, b.id limit ${shown}`);
  return rowsOf<MovementRow>(result);
}

/** Open cancellation requests and unpaid holds (online payments under way that still hold a car). */
export async function queues(db: DbOrTx, supplierId: string | null, now: Date, branchIds: string[] = []) {
  const branches = atBranches(branchIds, sql`b.pickup_location_id`, sql`b.dropoff_location_id`);
  const result = await db.execute(sql`
    select
      (select count(*)::int from bookings b where b.cancel_request and b.kind = 'rental' and b.status <> 'cancelled'
        ${ofSupplier(supplierId, sql`b.supplier_id`)} ${branches}) as "openCancellationRequests",
      (select count(*)::int from bookings b where b.status = 'void' and b.blocks_car
        and b.hold_expires_at > ${now.toISOString()}::timestamptz
        ${ofSupplier(supplierId, sql`b.supplier_id`)} ${branches}) as "unpaidHolds"`);
  const [row] = rowsOf<{ openCancellationRequests: number; unpaidHolds: number }>(result);
  return { openCancellationRequests: row?.openCancellationRequests ?? 0, unpaidHolds: row?.unpaidHolds ?? 0 };
}

export type RevenueRow = {
  status: BookingStatus;
  currency: string;
  bookings: number;
  amount: string;
  baseAmount: string;
  refunded: string;
  baseRefunded: string;
};

/**
 * The period's rentals (picked up on [from, to) at the pick-up place's clock) by status and currency: their revenue
 * and refunds, in the currency and in the base one — the bookings desk's figures (lib/booking-money.repository.ts),
 * read from what the database keeps per supplier, pick-up day at the place's clock, status and currency as bookings
 * and their ledgers are written (schema-counts.ts `revenueDays`).
 */
export async function revenue(db: DbOrTx, supplierId: string | null, from: string, to: string) {
  const result = await db.execute(sql`
    select r.status, r.currency, sum(r.bookings)::int as bookings, sum(r.revenue)::text as amount,
      sum(r.base_revenue)::text as "baseAmount", sum(r.refunded)::text as refunded,
      sum(r.base_refunded)::text as "baseRefunded"
    from revenue_days r
    where r.day >= ${from}::date and r.day < ${to}::date ${ofSupplier(supplierId, sql`r.supplier_id`)}
    group by r.status, r.currency having sum(r.bookings) <> 0 order by r.status, r.currency`);
  return rowsOf<RevenueRow>(result);
}

export type UtilisationRow = {
  dimension: 'supplier' | 'range' | 'place';
  key: string;
  names: Names | null;
  name: string | null;
  cars: number;
  /** Days each car was in the fleet within the period (from the day it was added, until it left). */
  carDays: number;
  booked: number;
  blocked: number;
};

/** The place of the kept utilisation's rows that stand for the car itself (migration 0044). */
const THE_CAR = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * Booked and blocked car-days of the fleet within [from, to) (whole UTC days), by supplier, range and place (a car at
 * each place it serves): read from what the database keeps as cars, holds and their places are written
 * (schema-counts.ts `fleetCohorts`, `fleetUseDays`): a few hundred rows, whatever the fleet's size. A car counts when
 * it was added before `to` (from the start of that UTC day) and had not left by `from`; its holds count on the days
 * they cover within the period.
 */
export async function utilisation(db: DbOrTx, supplierId: string | null, from: Date, to: Date) {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${to.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with fleet as (
      select f.supplier_id, f.range, f.location_id, sum(f.cars)::int as cars,
        sum(f.cars * greatest(0, date_part('epoch', least(${end}, f.until) - greatest(${start}, f.added_on)) / 86400.0))
          as days
      from fleet_cohorts f
      where f.added_on < ${end} and f.until > ${start} ${ofSupplier(supplierId, sql`f.supplier_id`)}
      group by f.supplier_id, f.range, f.location_id
      having sum(f.cars) <> 0
    ),
    used as (
      select u.supplier_id, u.range, u.location_id, sum(u.booked_us) / 86400000000.0 as booked,
        sum(u.blocked_us) / 86400000000.0 as blocked
      from fleet_use_days u
      where u.day >= (${start} at time zone 'UTC')::date and u.day < (${end} at time zone 'UTC')::date
        and u.added_on < ${end} and u.until > ${start} ${ofSupplier(supplierId, sql`u.supplier_id`)}
      group by u.supplier_id, u.range, u.location_id
    ),
    figures as (
      select f.supplier_id, f.range, f.location_id, f.cars, f.days, coalesce(u.booked, 0) as booked,
        coalesce(u.blocked, 0) as blocked
      from fleet f left join used u
        on u.supplier_id = f.supplier_id and u.range = f.range and u.location_id = f.location_id
    )
    select 'supplier' as dimension, p.supplier_id::text as key, null::jsonb as names, max(s.full_name) as name,
      sum(p.cars)::int as cars, sum(p.days)::float8 as "carDays", sum(p.booked)::float8 as booked,
      sum(p.blocked)::float8 as blocked
    from figures p join users s on s.id = p.supplier_id where p.location_id = ${THE_CAR} group by p.supplier_id
    union all
    select 'range', p.range::text, null, null, sum(p.cars)::int, sum(p.days)::float8, sum(p.booked)::float8,
      sum(p.blocked)::float8
    from figures p where p.location_id = ${THE_CAR} group by p.range
    union all
    select 'place', p.location_id::text, l.names, null, sum(p.cars)::int, sum(p.days)::float8,
      sum(p.booked)::float8, sum(p.blocked)::float8
    from figures p join locations l on l.id = p.location_id group by p.location_id, l.names`);
  return rowsOf<UtilisationRow>(result).map((row) => ({
    ...row,
    carDays: Number(row.carDays),
    booked: Number(row.booked),
    blocked: Number(row.blocked),
  }));
}
