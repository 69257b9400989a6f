CREATE TABLE "booking_ledger_sums" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"paid_online" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "booking_ledger_sums" ADD CONSTRAINT "booking_ledger_sums_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_open_holds_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."kind" = 'authorization' and "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "refunds_supplier_at_idx" ON "refunds" USING btree ("supplier_id",coalesce("refunded_at", "created_at"));
--> statement-breakpoint
-- Written by hand: the dashboard's revenue of a period reads the rentals picked up then — at 2M bookings a month is
-- ~200k of them, whose wide rows (terms, the desk's customer) were 155k pages read for a handful of columns. This
-- index holds those columns, so the period is an index-only scan (EXPLAIN at 10×: 3.2 s of heap → 0.4 s). Drizzle's
-- schema cannot state an index's INCLUDE columns: it is declared here only (schema-bookings.ts names it).
CREATE INDEX "bookings_rental_pickup_money_idx" ON "bookings" USING btree ("pickup_at")
  INCLUDE ("pickup_location_id", "supplier_id", "status", "currency", "total_amount", "price", "rate", "id")
  WHERE "kind" = 'rental';
--> statement-breakpoint
-- Written by hand (the lead renumbers at merge): the monthly statement dated each payment and refund on its booking's
-- pick-up place's clock by reading the booking (a large supplier's month at 2M bookings: ~24k bookings read by their
-- key for its totals), and found a supplier's refunds only through their bookings (every supplier's month of refunds
-- read). Each payment now keeps that time zone, and each refund its booking's supplier and that time zone, set by the
-- database as the row is written (whoever writes) and backfilled here: the month's money is read by its own index.
-- The zone is the pick-up place's when the money moved, as an invoice keeps the zone it was issued in.
CREATE FUNCTION "payments_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "l"."time_zone" INTO NEW."time_zone" FROM "bookings" AS "b"
    JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id" WHERE "b"."id" = NEW."booking_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "refunds_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "b"."supplier_id", "l"."time_zone" INTO NEW."supplier_id", NEW."time_zone" FROM "bookings" AS "b"
    JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id" WHERE "b"."id" = NEW."booking_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_place" BEFORE INSERT OR UPDATE OF "booking_id" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_place"();
--> statement-breakpoint
CREATE TRIGGER "refunds_place" BEFORE INSERT OR UPDATE OF "booking_id" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "refunds_place"();
--> statement-breakpoint
UPDATE "payments" AS "p" SET "time_zone" = "l"."time_zone" FROM "bookings" AS "b"
  JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id" WHERE "b"."id" = "p"."booking_id";
--> statement-breakpoint
UPDATE "refunds" AS "r" SET "supplier_id" = "b"."supplier_id", "time_zone" = "l"."time_zone" FROM "bookings" AS "b"
  JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id" WHERE "b"."id" = "r"."booking_id";
--> statement-breakpoint
-- Written by hand (the lead renumbers at merge): the desk's totals and the dashboard's revenue summed each booking's
-- ledger by grouping every payment and refund there is (2M bookings: ~20 s a totals line). The database keeps each
-- booking's sums instead, in the transaction that writes the payment or the refund, whoever writes it (the server,
-- the seed, the bench's generator, a tool). One statement-level trigger per event folds a statement's rows into one
-- change per booking, written in the bookings' order (two transactions never take them crosswise). The sums are
-- lib/booking-money.repository.ts's: paid = payments taken (charge, capture, counter) that succeeded, paid online =
-- those not at the counter, refunded = refunds that succeeded.
CREATE FUNCTION "booking_ledger_sums_add"("ids" uuid[], "paid" bigint[], "online" bigint[], "refunded" bigint[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "booking_ledger_sums" AS "s" ("booking_id", "paid", "paid_online", "refunded")
    SELECT "c"."id", sum("c"."paid"), sum("c"."online"), sum("c"."refunded")
    FROM unnest("ids", "paid", "online", "refunded") AS "c"("id", "paid", "online", "refunded")
    -- A booking deleted in this statement (its refunds go with it, ON DELETE CASCADE) has no sums to keep.
    WHERE EXISTS (SELECT 1 FROM "bookings" WHERE "bookings"."id" = "c"."id")
    GROUP BY "c"."id"
    HAVING sum("c"."paid") <> 0 OR sum("c"."online") <> 0 OR sum("c"."refunded") <> 0
    ORDER BY "c"."id"
  ON CONFLICT ("booking_id") DO UPDATE SET "paid" = "s"."paid" + excluded."paid",
    "paid_online" = "s"."paid_online" + excluded."paid_online", "refunded" = "s"."refunded" + excluded."refunded"
$$;
--> statement-breakpoint
-- A payment counts when taken: a charge, a capture or a counter payment that succeeded; online unless at the counter.
CREATE FUNCTION "booking_ledger_sums_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "ids" uuid[]; "paid" bigint[]; "online" bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "booking_ledger_sums" SET "paid" = 0, "paid_online" = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg("booking_id"), array_agg("amount"::bigint),
        array_agg(CASE WHEN "provider" <> 'counter' THEN "amount"::bigint ELSE 0 END) INTO "ids", "paid", "online"
      FROM "new_rows" WHERE "status" = 'succeeded' AND "kind" IN ('charge', 'capture', 'counter');
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("booking_id"), array_agg(-"amount"::bigint),
        array_agg(CASE WHEN "provider" <> 'counter' THEN -"amount"::bigint ELSE 0 END) INTO "ids", "paid", "online"
      FROM "old_rows" WHERE "status" = 'succeeded' AND "kind" IN ('charge', 'capture', 'counter');
  ELSE
    -- Most updates (a pending payment failing, a hold released) change no sum: the rows cancel out, nothing written.
    SELECT array_agg("c"."booking_id"), array_agg("c"."amount"),
        array_agg(CASE WHEN "c"."provider" <> 'counter' THEN "c"."amount" ELSE 0 END) INTO "ids", "paid", "online"
      FROM (
        SELECT "booking_id", "provider", "amount"::bigint AS "amount" FROM "new_rows"
          WHERE "status" = 'succeeded' AND "kind" IN ('charge', 'capture', 'counter')
        UNION ALL
        SELECT "booking_id", "provider", -"amount"::bigint FROM "old_rows"
          WHERE "status" = 'succeeded' AND "kind" IN ('charge', 'capture', 'counter')
      ) AS "c";
  END IF;
  IF "ids" IS NOT NULL THEN
    PERFORM "booking_ledger_sums_add"("ids", "paid", "online", array_fill(0::bigint, ARRAY[cardinality("ids")]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A refund counts when it succeeded.
CREATE FUNCTION "booking_ledger_sums_refunds"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "ids" uuid[]; "refunded" bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "booking_ledger_sums" SET "refunded" = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg("booking_id"), array_agg("amount"::bigint) INTO "ids", "refunded"
      FROM "new_rows" WHERE "status" = 'succeeded';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("booking_id"), array_agg(-"amount"::bigint) INTO "ids", "refunded"
      FROM "old_rows" WHERE "status" = 'succeeded';
  ELSE
    SELECT array_agg("c"."booking_id"), array_agg("c"."amount") INTO "ids", "refunded" FROM (
        SELECT "booking_id", "amount"::bigint AS "amount" FROM "new_rows" WHERE "status" = 'succeeded'
        UNION ALL
        SELECT "booking_id", -"amount"::bigint FROM "old_rows" WHERE "status" = 'succeeded'
      ) AS "c";
  END IF;
  IF "ids" IS NOT NULL THEN
    PERFORM "booking_ledger_sums_add"("ids", array_fill(0::bigint, ARRAY[cardinality("ids")]),
      array_fill(0::bigint, ARRAY[cardinality("ids")]), "refunded");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_sums_inserted" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_payments"();
--> statement-breakpoint
CREATE TRIGGER "payments_sums_updated" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_payments"();
--> statement-breakpoint
CREATE TRIGGER "payments_sums_deleted" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_payments"();
--> statement-breakpoint
CREATE TRIGGER "payments_sums_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_payments"();
--> statement-breakpoint
CREATE TRIGGER "refunds_sums_inserted" AFTER INSERT ON "refunds" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_sums_updated" AFTER UPDATE ON "refunds" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_sums_deleted" AFTER DELETE ON "refunds" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_sums_truncated" AFTER TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_ledger_sums_refunds"();
--> statement-breakpoint
-- The sums of the ledger already there (the triggers above, created first in this transaction, keep the rest).
INSERT INTO "booking_ledger_sums" ("booking_id", "paid", "paid_online", "refunded")
  SELECT "booking_id", sum("paid"), sum("paid_online"), sum("refunded") FROM (
    SELECT "booking_id", "amount" AS "paid", CASE WHEN "provider" <> 'counter' THEN "amount" ELSE 0 END AS "paid_online",
      0 AS "refunded"
    FROM "payments" WHERE "status" = 'succeeded' AND "kind" IN ('charge', 'capture', 'counter')
    UNION ALL
    SELECT "booking_id", 0, 0, "amount" FROM "refunds" WHERE "status" = 'succeeded'
  ) AS "ledger" GROUP BY "booking_id";
