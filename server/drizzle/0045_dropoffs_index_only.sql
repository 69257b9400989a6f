-- Written by hand (the lead renumbers at merge): the dashboard's today counts the day's drop-offs per place, and the
-- rentals by drop-off held only the instant: at 10× the admin's day (~10k drop-offs either side of now) was 14k heap
-- pages read for a place, a supplier and a status. The index now holds them (INCLUDE, which Drizzle's schema cannot
-- state: schema-bookings.ts names it), as bookings_rental_pickup_money_idx does for pick-ups (0040), so the count is
-- an index-only scan and only the first movements shown read their rows (dashboard.repository.ts).
DROP INDEX "bookings_rental_dropoff_idx";
--> statement-breakpoint
CREATE INDEX "bookings_rental_dropoff_idx" ON "bookings" USING btree ("dropoff_at")
  INCLUDE ("dropoff_location_id", "supplier_id", "status", "id") WHERE "kind" = 'rental';
