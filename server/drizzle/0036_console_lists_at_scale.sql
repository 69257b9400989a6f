CREATE TABLE "user_booking_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rentals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_booking_counts" ADD CONSTRAINT "user_booking_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_supplier_at_idx" ON "payments" USING btree ("supplier_id",coalesce("settled_at", "created_at"));--> statement-breakpoint
CREATE INDEX "payments_at_idx" ON "payments" USING btree (coalesce("settled_at", "created_at"));--> statement-breakpoint
CREATE INDEX "refunds_at_idx" ON "refunds" USING btree (coalesce("refunded_at", "created_at"));--> statement-breakpoint
-- Written by hand (the lead renumbers at merge): the admin's accounts list showed each account's rentals as a count
-- of its bookings (as driver, or of its fleet as supplier), ~24k rows read per account a page at 10k cars / 200k
-- bookings. The database keeps that count instead, in the transaction that writes the booking, whoever writes it (the
-- server, the seed, the bench's generator, a tool). One statement-level trigger per event folds a statement's rows
-- into one change per account, written in the accounts' order (two transactions never take them crosswise).
CREATE FUNCTION "user_booking_counts_add"("plus" uuid[], "minus" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "user_booking_counts" AS "c" ("user_id", "rentals")
    SELECT "id", sum("n") FROM (
      SELECT unnest("plus") AS "id", 1 AS "n" UNION ALL SELECT unnest("minus"), -1
    ) AS "change"
    -- An account deleted in this statement (its bookings go with it, ON DELETE CASCADE) has no count to keep.
    WHERE EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "change"."id")
    GROUP BY "id" HAVING sum("n") <> 0 ORDER BY "id"
  ON CONFLICT ("user_id") DO UPDATE SET "rentals" = "c"."rentals" + excluded."rentals"
$$;
--> statement-breakpoint
-- The accounts a statement's rentals name: the driver, and the supplier when it is another account.
CREATE FUNCTION "user_booking_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_booking_counts_add"(ARRAY(
      SELECT "p" FROM "new_rows", unnest(ARRAY["driver_id", nullif("supplier_id", "driver_id")]) AS "p"
      WHERE "kind" = 'rental' AND "p" IS NOT NULL), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "user_booking_counts_add"('{}', ARRAY(
      SELECT "p" FROM "old_rows", unnest(ARRAY["driver_id", nullif("supplier_id", "driver_id")]) AS "p"
      WHERE "kind" = 'rental' AND "p" IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates (a status, a payment) name the same accounts: nothing to write, no row locked.
    IF EXISTS (
      SELECT 1 FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id")
      WHERE ("n"."kind", "n"."driver_id", "n"."supplier_id") IS DISTINCT FROM ("o"."kind", "o"."driver_id", "o"."supplier_id")
    ) THEN
      PERFORM "user_booking_counts_add"(ARRAY(
        SELECT "p" FROM "new_rows", unnest(ARRAY["driver_id", nullif("supplier_id", "driver_id")]) AS "p"
        WHERE "kind" = 'rental' AND "p" IS NOT NULL), ARRAY(
        SELECT "p" FROM "old_rows", unnest(ARRAY["driver_id", nullif("supplier_id", "driver_id")]) AS "p"
        WHERE "kind" = 'rental' AND "p" IS NOT NULL));
    END IF;
  ELSE
    DELETE FROM "user_booking_counts";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count_inserted" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_booking_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_updated" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_booking_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_deleted" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_booking_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_booking_counts_apply"();
--> statement-breakpoint
-- The counts of the bookings already there (the triggers above, created first in this transaction, count the rest).
INSERT INTO "user_booking_counts" ("user_id", "rentals")
  SELECT "p", count(*) FROM "bookings", unnest(ARRAY["driver_id", nullif("supplier_id", "driver_id")]) AS "p"
  WHERE "kind" = 'rental' AND "p" IS NOT NULL GROUP BY "p";
