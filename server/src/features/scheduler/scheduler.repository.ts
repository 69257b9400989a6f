import type { BookingStatus } from '@roam/contract/bookings';
import type { BlockReason } from '@roam/contract/car-blocks';
import type { CarRange } from '@roam/contract/cars';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

/** A uuid[] parameter (a JS array is sent as a record by some drivers). */
const toUuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

// The only Drizzle code of the scheduler. One statement per page (docs/architecture.md §7: the visible
// page in under 200 ms of server time on 10k cars / 200k bookings): the place and its day boundaries, the number of
// its cars that match, and the page's cars each with what holds it over the range — read through the exclusion
// constraint's gist index (car_id, period), so each car costs one index probe whatever the bookings table's size.

export type SchedulerFilter = {
  locationId: string;
  /** Dates at the place ('YYYY-MM-DD'): its midnights bound the range. */
  from: string;
  to: string;
  supplierId: string | null;
  /** A member limited to branches sees the bookings picked up or returned there (blocks stay: they are no booking). */
  branchIds: string[];
  ranges: CarRange[];
  offset: number;
  limit: number;
};

/** [id, reference, status, pickup, dropoff, cancel request, driver, kind, block reason] */
type HoldTuple = [
  string,
  string,
  BookingStatus,
  string,
  string,
  boolean,
  string,
  'rental' | 'block',
  BlockReason | null,
];

export type SchedulerCarRow = {
  id: string;
  name: string;
  licensePlate: string | null;
  range: CarRange;
  supplierId: string;
  supplierName: string;
  holds: HoldTuple[];
};

type Answer = {
  place: { id: string; names: Record<string, string>; timeZone: string; rangeFrom: string; rangeTo: string } | null;
  total: number;
  rows: SchedulerCarRow[] | null;
};

export async function schedulerPage(db: DbOrTx, filter: SchedulerFilter) {
  const supplier = filter.supplierId ? sql`and c.supplier_id = ${filter.supplierId}` : sql``;
  const ranges =
    filter.ranges.length > 0
      ? sql`and c.range in (${sql.join(
          filter.ranges.map((range) => sql`${range}`),
          sql`, `,
        )})`
      : sql``;
  const branches =
    filter.branchIds.length > 0
      ? sql`and (b.kind = 'block' or b.pickup_location_id = any(${toUuidArray(filter.branchIds)})
          or b.dropoff_location_id = any(${toUuidArray(filter.branchIds)}))`
      : sql``;
  const result = await db.execute(sql`
    with place as (
      select id, names, time_zone,
        (${filter.from}::date::timestamp at time zone time_zone) as range_from,
        (${filter.to}::date::timestamp at time zone time_zone) as range_to
      from locations where id = ${filter.locationId}
    ),
    matching as (
      select c.id, c.name, c.license_plate, c.range, c.supplier_id
      from car_locations cl join cars c on c.id = cl.car_id
      where cl.location_id = ${filter.locationId} and c.deleted_at is null ${supplier} ${ranges}
    ),
    page as (
      select * from matching order by lower(name), id limit ${filter.limit} offset ${filter.offset}
    )
    select
      (select json_build_object('id', id, 'names', names, 'timeZone', time_zone,
        'rangeFrom', range_from, 'rangeTo', range_to) from place) as place,
      (select count(*)::int from matching) as total,
      (select json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'licensePlate', p.license_plate, 'range', p.range,
          'supplierId', p.supplier_id, 'supplierName', s.full_name,
          'holds', coalesce((
            select json_agg(json_build_array(b.id, b.reference, b.status, b.pickup_at, b.dropoff_at,
                b.cancel_request, coalesce(b.desk_customer ->> 'fullName', d.full_name), b.kind, b.block_reason)
                order by b.pickup_at)
            from bookings b join users d on d.id = b.driver_id, place
            where b.car_id = p.id
              and ((b.blocks_car and (b.status <> 'void' or b.hold_expires_at > now()))
                -- The counter's (docs/architecture.md §5 "After the booking"): a car taken back shows its rental.
                or (b.kind = 'rental' and b.status in ('returned', 'closed')))
              and (b.period && tstzrange(place.range_from, place.range_to, '[)')
                -- A car on rent past its drop-off holds it until it is back: its bar runs on to now.
                or (b.status = 'on_rent' and b.pickup_at < place.range_to and now() >= place.range_from)) ${branches}
          ), '[]'::json)
        ) order by lower(p.name), p.id)
        from page p join users s on s.id = p.supplier_id) as rows`);
  const [answer] = (result as unknown as { rows: Answer[] }).rows;
  return { place: answer?.place ?? null, total: Number(answer?.total ?? 0), rows: answer?.rows ?? [] };
}
