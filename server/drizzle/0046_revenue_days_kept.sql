CREATE TABLE "revenue_days" (
	"supplier_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" "booking_status" NOT NULL,
	"currency" varchar(3) NOT NULL,
	"bookings" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"base_revenue" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	"base_refunded" bigint NOT NULL,
	CONSTRAINT "revenue_days_supplier_id_day_status_currency_pk" PRIMARY KEY("supplier_id","day","status","currency")
);
--> statement-breakpoint
-- Written by hand (the lead renumbers at merge): the desk's unfiltered totals line summed every rental of the scope
-- with its ledger sums (at 10×: 2M bookings for the admin, 1.2 s one at a time at load 4 and 4.2–5.3 s at load 15–20;
-- 287k for the demo supplier, 0.75–2.0 s), and the dashboard's revenue of a month read its ~200k rentals (0.5 s). The
-- database keeps them per supplier, pick-up day at the pick-up place's clock, status and currency instead, in the
-- transaction that writes a booking, its ledger sums (0040's booking_ledger_sums) or a place's time zone, whoever
-- writes. A rental's part is lib/booking-money.repository.ts's: one booking; its revenue, the total when its status
-- earns it (contract booking-desk.ts earnsTotal: not void, cancelled or no-show), else what was kept (paid less
-- refunded, not below 0), and in the base currency the price, else what was kept at the total's share of the price,
-- else at the booking's rate; its refunds, and at its rate. A change of any of these adds the new part and takes the
-- old one away; folded per key, written in the keys' order (two transactions never lock them crosswise).
CREATE TYPE "revenue_part" AS ("supplier_id" uuid, "day" date, "status" "booking_status", "currency" varchar(3),
  "bookings" integer, "revenue" bigint, "base_revenue" bigint, "refunded" bigint, "base_refunded" bigint);
--> statement-breakpoint
-- (The statuses compared as text: a function's body is checked as it is created, before a fresh database's
-- migrations have committed the enum's later values.)
CREATE FUNCTION "revenue_part_of"("supplier_id" uuid, "pickup_at" timestamptz, "zone" varchar, "status" "booking_status",
  "currency" varchar, "total_amount" integer, "price" integer, "rate" numeric, "paid" bigint, "refunded" bigint,
  "sign" integer) RETURNS "revenue_part" LANGUAGE sql STABLE AS $$
  SELECT ROW("supplier_id", ("pickup_at" AT TIME ZONE "zone")::date, "status", "currency", "sign",
    "sign" * CASE WHEN "status"::text NOT IN ('void', 'cancelled', 'no_show') THEN "total_amount"::bigint
      ELSE greatest(0, coalesce("paid", 0) - coalesce("refunded", 0)) END,
    "sign" * (CASE WHEN "status"::text NOT IN ('void', 'cancelled', 'no_show') THEN "price"::numeric
      WHEN "total_amount" > 0
        THEN round(greatest(0, coalesce("paid", 0) - coalesce("refunded", 0))::numeric * "price" / "total_amount")
      ELSE round(greatest(0, coalesce("paid", 0) - coalesce("refunded", 0)) / "rate") END)::bigint,
    "sign" * coalesce("refunded", 0),
    "sign" * round(coalesce("refunded", 0) / "rate")::bigint)::"revenue_part"
$$;
--> statement-breakpoint
CREATE FUNCTION "revenue_days_add"("parts" "revenue_part"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "revenue_days" AS "t" ("supplier_id", "day", "status", "currency", "bookings", "revenue", "base_revenue",
      "refunded", "base_refunded")
    SELECT "supplier_id", "day", "status", "currency", sum("bookings"), sum("revenue"), sum("base_revenue"),
      sum("refunded"), sum("base_refunded")
    FROM unnest("parts")
    GROUP BY 1, 2, 3, 4
    HAVING sum("bookings") <> 0 OR sum("revenue") <> 0 OR sum("base_revenue") <> 0 OR sum("refunded") <> 0
      OR sum("base_refunded") <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT ("supplier_id", "day", "status", "currency") DO UPDATE SET "bookings" = "t"."bookings" + excluded."bookings",
    "revenue" = "t"."revenue" + excluded."revenue", "base_revenue" = "t"."base_revenue" + excluded."base_revenue",
    "refunded" = "t"."refunded" + excluded."refunded", "base_refunded" = "t"."base_refunded" + excluded."base_refunded"
$$;
--> statement-breakpoint
-- Rentals inserted, or changed in what their part depends on (most updates change none of it: set differences,
-- linear in the rows updated, as 0041's), each with its place's zone and its ledger sums as they are.
CREATE FUNCTION "revenue_days_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "revenue_days_add"(ARRAY(
      SELECT "revenue_part_of"("n"."supplier_id", "n"."pickup_at", "l"."time_zone", "n"."status", "n"."currency",
        "n"."total_amount", "n"."price", "n"."rate", "s"."paid", "s"."refunded", 1)
      FROM "new_rows" AS "n" JOIN "locations" AS "l" ON "l"."id" = "n"."pickup_location_id"
        LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "n"."id"
      WHERE "n"."kind"::text = 'rental'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "revenue_days_add"(ARRAY(
      SELECT "revenue_part_of"("c"."supplier_id", "c"."pickup_at", "l"."time_zone", "c"."status", "c"."currency",
        "c"."total_amount", "c"."price", "c"."rate", "s"."paid", "s"."refunded", "c"."sign")
      FROM (
        (SELECT "id", "kind", "supplier_id", "pickup_at", "pickup_location_id", "status", "currency", "total_amount",
            "price", "rate", 1 AS "sign" FROM "new_rows"
          EXCEPT SELECT "id", "kind", "supplier_id", "pickup_at", "pickup_location_id", "status", "currency",
            "total_amount", "price", "rate", 1 FROM "old_rows")
        UNION ALL
        (SELECT "id", "kind", "supplier_id", "pickup_at", "pickup_location_id", "status", "currency", "total_amount",
            "price", "rate", -1 FROM "old_rows"
          EXCEPT SELECT "id", "kind", "supplier_id", "pickup_at", "pickup_location_id", "status", "currency",
            "total_amount", "price", "rate", -1 FROM "new_rows")
      ) AS "c" JOIN "locations" AS "l" ON "l"."id" = "c"."pickup_location_id"
        LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "c"."id"
      WHERE "c"."kind"::text = 'rental'));
  ELSE
    DELETE FROM "revenue_days";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A rental deleted leaves before its ledger sums go with it (ON DELETE CASCADE; their own trigger then finds no
-- booking, and changes nothing).
CREATE FUNCTION "revenue_days_booking_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."kind"::text = 'rental' THEN
    PERFORM "revenue_days_add"(ARRAY(
      SELECT "revenue_part_of"(OLD."supplier_id", OLD."pickup_at", "l"."time_zone", OLD."status", OLD."currency",
        OLD."total_amount", OLD."price", OLD."rate", "s"."paid", "s"."refunded", -1)
      FROM "locations" AS "l" LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = OLD."id"
      WHERE "l"."id" = OLD."pickup_location_id"));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TYPE "revenue_sums" AS ("booking_id" uuid, "paid" bigint, "refunded" bigint, "sign" integer);
--> statement-breakpoint
-- Ledger sums, each with a sign: their rentals' parts with those sums (a booking gone in this statement has none).
CREATE FUNCTION "revenue_days_ledger_add"("sums" "revenue_sums"[]) RETURNS void LANGUAGE sql AS $$
  SELECT "revenue_days_add"(ARRAY(
    SELECT "revenue_part_of"("b"."supplier_id", "b"."pickup_at", "l"."time_zone", "b"."status", "b"."currency",
      "b"."total_amount", "b"."price", "b"."rate", "c"."paid", "c"."refunded", "c"."sign")
    FROM unnest("sums") AS "c" JOIN "bookings" AS "b" ON "b"."id" = "c"."booking_id"
      JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id"
    WHERE "b"."kind"::text = 'rental'))
$$;
--> statement-breakpoint
-- A rental's ledger sums written: its part with the new sums added, with the old ones taken away.
CREATE FUNCTION "revenue_days_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Every booking's sums gone: each rental's part is its own without them.
    DELETE FROM "revenue_days";
    PERFORM "revenue_days_add"(ARRAY(
      SELECT "revenue_part_of"("b"."supplier_id", "b"."pickup_at", "l"."time_zone", "b"."status", "b"."currency",
        "b"."total_amount", "b"."price", "b"."rate", 0, 0, 1)
      FROM "bookings" AS "b" JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id"
      WHERE "b"."kind"::text = 'rental'));
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "revenue_days_ledger_add"(ARRAY(
      SELECT ROW("booking_id", "paid", "refunded", 1)::"revenue_sums" FROM "new_rows"
      UNION ALL SELECT ROW("booking_id", 0, 0, -1)::"revenue_sums" FROM "new_rows"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "revenue_days_ledger_add"(ARRAY(
      SELECT ROW("booking_id", "paid", "refunded", 1)::"revenue_sums" FROM "new_rows"
      UNION ALL SELECT ROW("booking_id", "paid", "refunded", -1)::"revenue_sums" FROM "old_rows"));
  ELSE
    PERFORM "revenue_days_ledger_add"(ARRAY(
      SELECT ROW("booking_id", 0, 0, 1)::"revenue_sums" FROM "old_rows"
      UNION ALL SELECT ROW("booking_id", "paid", "refunded", -1)::"revenue_sums" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A place's time zone changed: the rentals picked up there move to the days of its new clock.
CREATE FUNCTION "revenue_days_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "revenue_days_add"(ARRAY(
    SELECT "revenue_part_of"("b"."supplier_id", "b"."pickup_at", "z"."time_zone", "b"."status", "b"."currency",
      "b"."total_amount", "b"."price", "b"."rate", "s"."paid", "s"."refunded", "z"."sign")
    FROM (
      (SELECT "id", "time_zone", 1 AS "sign" FROM "new_rows" EXCEPT SELECT "id", "time_zone", 1 FROM "old_rows")
      UNION ALL
      (SELECT "id", "time_zone", -1 FROM "old_rows" EXCEPT SELECT "id", "time_zone", -1 FROM "new_rows")
    ) AS "z" JOIN "bookings" AS "b" ON "b"."pickup_location_id" = "z"."id"
      LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "b"."id"
    WHERE "b"."kind"::text = 'rental'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_revenue_inserted" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_revenue_updated" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_revenue_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_revenue_deleted" BEFORE DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "revenue_days_booking_deleted"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_revenue_inserted" AFTER INSERT ON "booking_ledger_sums" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_revenue_updated" AFTER UPDATE ON "booking_ledger_sums" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_revenue_deleted" AFTER DELETE ON "booking_ledger_sums" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_ledger"();
--> statement-breakpoint
CREATE TRIGGER "ledger_sums_revenue_truncated" AFTER TRUNCATE ON "booking_ledger_sums"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_ledger"();
--> statement-breakpoint
CREATE TRIGGER "locations_revenue_zone" AFTER UPDATE ON "locations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "revenue_days_zone"();
--> statement-breakpoint
-- The figures of what is already there (the triggers above, created first in this transaction, keep the rest).
INSERT INTO "revenue_days" ("supplier_id", "day", "status", "currency", "bookings", "revenue", "base_revenue",
    "refunded", "base_refunded")
  SELECT ("p")."supplier_id", ("p")."day", ("p")."status", ("p")."currency", sum(("p")."bookings"), sum(("p")."revenue"),
    sum(("p")."base_revenue"), sum(("p")."refunded"), sum(("p")."base_refunded")
  FROM (
    SELECT "revenue_part_of"("b"."supplier_id", "b"."pickup_at", "l"."time_zone", "b"."status", "b"."currency",
      "b"."total_amount", "b"."price", "b"."rate", "s"."paid", "s"."refunded", 1) AS "p"
    FROM "bookings" AS "b" JOIN "locations" AS "l" ON "l"."id" = "b"."pickup_location_id"
      LEFT JOIN "booking_ledger_sums" AS "s" ON "s"."booking_id" = "b"."id"
    WHERE "b"."kind"::text = 'rental'
    OFFSET 0 -- once a row: pulled up, each field read would call the function again
  ) AS "x"
  GROUP BY 1, 2, 3, 4;
