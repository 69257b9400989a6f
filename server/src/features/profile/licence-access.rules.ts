// When a supplier may read a driver's licence (docs/architecture.md §5 "Files"; second outside audit, item 1): only
// around a rental the driver made or confirmed — from shortly before its pick-up, when the counter prepares it, until
// a retention period after its drop-off, for a dispute about the rental. Before and after, the licence is the
// driver's alone (and the admin's).

/** From how long before pick-up the supplier of a booking may read its driver's licence. */
export const LICENCE_ACCESS_BEFORE_PICKUP_HOURS = 48;
/** How long after drop-off it still may (until the counter closes rentals: drop-off stands for the rental's end). */
export const LICENCE_RETENTION_DAYS = 30;

const HOUR_MS = 3600_000;

/** The bounds a booking's period must meet at `now` to open its driver's licence to its supplier. */
export function licenceWindow(now: Date): { pickupBefore: Date; dropoffAfter: Date } {
  return {
    pickupBefore: new Date(now.getTime() + LICENCE_ACCESS_BEFORE_PICKUP_HOURS * HOUR_MS),
    dropoffAfter: new Date(now.getTime() - LICENCE_RETENTION_DAYS * 24 * HOUR_MS),
  };
}
