-- A blocked period (issue #23) is a `reserved` row with a reason, so that the exclusion constraint
-- (bookings_no_overlap) holds the car for it exactly as for a booking; a rental never carries a block's reason.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_block_valid" CHECK (
  ("kind" = 'rental' AND "block_reason" IS NULL AND "block_note" IS NULL)
  OR ("kind" = 'block' AND "block_reason" IS NOT NULL AND "status" = 'reserved' AND "blocks_car" AND NOT "cancel_request")
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("amount" > 0);
--> statement-breakpoint
-- A deleted car (issue #23: `deleted_at`, kept for its past bookings) takes no booking or block that has not ended.
-- Deleting locks the car's row and refuses while such a booking exists; a checkout that checked the car just before
-- and inserts just after waits here for the deletion's lock (FOR SHARE), then reads the deleted row and is refused
-- as an overlap (23P01: the car is not free for the period), which checkout answers with a 409.
CREATE FUNCTION "bookings_car_not_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."blocks_car" AND NEW."dropoff_at" > now() THEN
    PERFORM 1 FROM "cars" WHERE "id" = NEW."car_id" AND "deleted_at" IS NULL FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'car % is deleted', NEW."car_id" USING ERRCODE = '23P01', CONSTRAINT = 'bookings_car_not_deleted';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_car_not_deleted" BEFORE INSERT OR UPDATE OF "car_id", "blocks_car", "pickup_at", "dropoff_at"
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_car_not_deleted"();
