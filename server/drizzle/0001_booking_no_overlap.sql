-- No double booking, ever (ARCHITECTURE §5): the database rejects two car-blocking bookings whose periods overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_period_valid" CHECK ("dropoff_at" > "pickup_at");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("car_id" WITH =, "period" WITH &&) WHERE ("blocks_car");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hold_has_expiry" CHECK ("status" <> 'void' OR NOT "blocks_car" OR "hold_expires_at" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_extras_valid" CHECK (
  "cancellation" >= -1 AND "amendments" >= -1 AND "theft_protection" >= -1 AND "collision_damage_waiver" >= -1
  AND "full_insurance" >= -1 AND "additional_driver" >= -1 AND "daily_price" > 0 AND "deposit" >= 0
  AND "seats" > 0 AND "doors" >= 0 AND "mileage" >= -1
);
--> statement-breakpoint
ALTER TABLE "date_based_prices" ADD CONSTRAINT "date_based_prices_valid" CHECK ("end_date" >= "start_date" AND "daily_price" > 0);
