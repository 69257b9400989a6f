import type { BookingStatus } from '@roam/contract/bookings';
import type { BlockReason } from '@roam/contract/car-blocks';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

/** A uuid[] parameter (a JS array is sent as a record by some drivers). */
const toUuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

// The only Drizzle code of the scheduler. One statement per page (docs/architecture.md §7: the visible
// page in under 200 ms of server time): the place and its day boundaries, and what holds each of the page's cars over
// the range — read through the exclusion constraint's gist index (car_id, period), so each car costs one index probe
// whatever the bookings table's size. Which cars are on the page comes from the fleet in memory (scheduler.service.ts).

export type SchedulerFilter = {
  locationId: string;
  /** Dates at the place ('YYYY-MM-DD'): its midnights bound the range. */
  from: string;
  to: string;
  /** The page's cars. */
  carIds: string[];
  /** A member limited to branches sees the bookings picked up or returned there (blocks stay: they are no booking). */
  branchIds: string[];
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

type Answer = {
  place: { id: string; names: Record<string, string>; timeZone: string; rangeFrom: string; rangeTo: string } | null;
  /** Car id → its holds over the range. */
  holds: Record<string, HoldTuple[]> | null;
};

export async function schedulerPage(db: DbOrTx, filter: SchedulerFilter) {
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
    )
    select
      (select json_build_object('id', id, 'names', names, 'timeZone', time_zone,
        'rangeFrom', range_from, 'rangeTo', range_to) from place) as place,
      (select json_object_agg(p.id, coalesce((
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
          ), '[]'::json))
        from unnest(${toUuidArray(filter.carIds)}) as p(id)) as holds`);
  const [answer] = (result as unknown as { rows: Answer[] }).rows;
  return { place: answer?.place ?? null, holds: answer?.holds ?? {} };
}
