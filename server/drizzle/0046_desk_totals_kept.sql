CREATE TABLE "desk_totals" (
	"supplier_id" uuid NOT NULL,
	"status" "booking_status" NOT NULL,
	"currency" varchar(3) NOT NULL,
	"bookings" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	CONSTRAINT "desk_totals_supplier_id_status_currency_pk" PRIMARY KEY("supplier_id","status","currency")
);
--> statement-breakpoint
-- Written by hand (the lead renumbers at merge): the desk's unfiltered totals line summed every rental of the scope
-- with its ledger sums (at 10×: 2M bookings for the admin, 1.2 s one at a time at load 4 and 4.2–5.3 s at load 15–20;
-- 287k for the demo supplier, 0.75–2.0 s). The database keeps them per supplier, status and currency instead, in the
-- transaction that writes a booking or its ledger sums (0040's booking_ledger_sums), whoever writes. A rental's part
-- is lib/booking-money.repository.ts's: one booking; its revenue, the total when its status earns it (contract
-- booking-desk.ts earnsTotal: not void, cancelled or no-show), else what was kept (paid less refunded, not below 0);
-- its refunds. A change of either table adds the new part and takes the old one away; folded per key, written in the
-- keys' order (two transactions never lock them crosswise).
CREATE TYPE "desk_total" AS ("supplier_id" uuid, "status" "booking_status", "currency" varchar(3), "bookings" integer,
  "revenue" bigint, "refunded" bigint);
--> statement-breakpoint
-- (The statuses compared as text: a function's body is checked as it is created, before a fresh database's
-- migrations have committed the enum's later values.)
CREATE FUNCTION "desk_total_of"("supplier_id" uuid, "status" "booking_status", "currency" varchar, "total_amount" integer,
  "paid" bigint, "refunded" bigint, "sign" integer) RETURNS "desk_total" LANGUAGE sql STABLE AS $$
  SELECT ROW("supplier_id", "status", "currency", "sign",
    "sign" * CASE WHEN "status"::text NOT IN ('void', 'cancelled', 'no_show') THEN "total_amount"::bigint
      ELSE greatest(0, coalesce("paid", 0) - coalesce("refunded", 0)) END,
    "sign" * coalesce("refunded", 0))::"desk_total"
$$;
--> statement-breakpoint
CREATE FUNCTION "desk_totals_add"("parts" "desk_total"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "desk_totals" AS "t" ("supplier_id", "status", "currency", "bookings", "revenue", "refunded")
    SELECT "supplier_id", "status", "currency", sum("bookings"), sum("revenue"), sum("refunded") FROM unnest("parts")
    GROUP BY 1, 2, 3 HAVING sum("bookings") <> 0 OR sum("revenue") <> 0 OR sum("refunded") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("supplier_id", "status", "currency") DO UPDATE SET "bookings" = "t"."bookings" + excluded."bookings",
    "revenue" = "t"."revenue" + excluded."revenue", "refunded" = "t"."refunded" + excluded."refunded"
$$;
--> statement-breakpoint
-- Rentals inserted, or changed in what their part depends on (most updates change none of it: set differences,
-- linear in the rows updated, as 0041's), each with its ledger sums as they are.
CREATE FUNCTION "desk_totals_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"("n"."supplier_id", "n"."status", "n"."currency", "n"."total_amount", "s"."paid", "s"."refunded", 1)
      FROM "new_rows" AS "n" LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "n"."id"
      WHERE "n"."kind"::text = 'rental'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"("c"."supplier_id", "c"."status", "c"."currency", "c"."total_amount", "s"."paid", "s"."refunded", "c"."sign")
      FROM (
        (SELECT "id", "kind", "supplier_id", "status", "currency", "total_amount", 1 AS "sign" FROM "new_rows"
          EXCEPT SELECT "id", "kind", "supplier_id", "status", "currency", "total_amount", 1 FROM "old_rows")
        UNION ALL
        (SELECT "id", "kind", "supplier_id", "status", "currency", "total_amount", -1 FROM "old_rows"
          EXCEPT SELECT "id", "kind", "supplier_id", "status", "currency", "total_amount", -1 FROM "new_rows")
      ) AS "c" LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "c"."id"
      WHERE "c"."kind"::text = 'rental'));
  ELSE
    DELETE FROM "desk_totals";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A rental deleted leaves before its ledger sums go with it (ON DELETE CASCADE; their own trigger then finds no
-- booking, and changes nothing).
CREATE FUNCTION "desk_totals_booking_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."kind"::text = 'rental' THEN
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"(OLD."supplier_id", OLD."status", OLD."currency", OLD."total_amount", "s"."paid", "s"."refunded", -1)
      FROM (SELECT 1) AS "one" LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = OLD."id"));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A rental's ledger sums written: its part with the new sums added, with the old ones taken away.
CREATE FUNCTION "desk_totals_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"("b"."supplier_id", "b"."status", "b"."currency", "b"."total_amount", "c"."paid", "c"."refunded", "c"."sign")
      FROM (SELECT "booking_id", "paid", "refunded", 1 AS "sign" FROM "new_rows"
        UNION ALL SELECT "booking_id", 0, 0, -1 FROM "new_rows") AS "c"
      JOIN "bookings" AS "b" ON "b"."id" = "c"."booking_id" WHERE "b"."kind"::text = 'rental'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"("b"."supplier_id", "b"."status", "b"."currency", "b"."total_amount", "c"."paid", "c"."refunded", "c"."sign")
      FROM (SELECT "booking_id", "paid", "refunded", 1 AS "sign" FROM "new_rows"
        UNION ALL SELECT "booking_id", "paid", "refunded", -1 FROM "old_rows") AS "c"
      JOIN "bookings" AS "b" ON "b"."id" = "c"."booking_id" WHERE "b"."kind"::text = 'rental'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"("b"."supplier_id", "b"."status", "b"."currency", "b"."total_amount", "c"."paid", "c"."refunded", "c"."sign")
      FROM (SELECT "booking_id", 0::bigint AS "paid", 0::bigint AS "refunded", 1 AS "sign" FROM "old_rows"
        UNION ALL SELECT "booking_id", "paid", "refunded", -1 FROM "old_rows") AS "c"
      JOIN "bookings" AS "b" ON "b"."id" = "c"."booking_id" WHERE "b"."kind"::text = 'rental'));
  ELSE
    -- Every booking's sums gone: each rental's part is its own without them.
    DELETE FROM "desk_totals";
    PERFORM "desk_totals_add"(ARRAY(
      SELECT "desk_total_of"("supplier_id", "status", "currency", "total_amount", 0, 0, 1) FROM "bookings"
      WHERE "kind"::text = 'rental'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_desk_totals_inserted" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_desk_totals_updated" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_desk_totals_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_desk_totals_deleted" BEFORE DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "desk_totals_booking_deleted"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_desk_totals_inserted" AFTER INSERT ON "booking_ledger_sums" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_desk_totals_updated" AFTER UPDATE ON "booking_ledger_sums" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_desk_totals_deleted" AFTER DELETE ON "booking_ledger_sums" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_desk_totals_truncated" AFTER TRUNCATE ON "booking_ledger_sums"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_totals_ledger"();
--> statement-breakpoint
-- The totals of what is already there (the triggers above, created first in this transaction, keep the rest).
INSERT INTO "desk_totals" ("supplier_id", "status", "currency", "bookings", "revenue", "refunded")
  SELECT ("t")."supplier_id", ("t")."status", ("t")."currency", sum(("t")."bookings"), sum(("t")."revenue"), sum(("t")."refunded")
  FROM (
    SELECT "desk_total_of"("b"."supplier_id", "b"."status", "b"."currency", "b"."total_amount", "s"."paid", "s"."refunded", 1) AS "t"
    FROM "bookings" AS "b" LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "b"."id" WHERE "b"."kind"::text = 'rental'
  ) AS "x"
  GROUP BY 1, 2, 3;
