CREATE TABLE "fleet_cohorts" (
	"supplier_id" uuid NOT NULL,
	"range" "car_range" NOT NULL,
	"location_id" uuid NOT NULL,
	"added_on" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"cars" integer NOT NULL,
	CONSTRAINT "fleet_cohorts_supplier_id_range_location_id_added_on_until_pk" PRIMARY KEY("supplier_id","range","location_id","added_on","until")
);
--> statement-breakpoint
CREATE TABLE "fleet_use_days" (
	"day" date NOT NULL,
	"supplier_id" uuid NOT NULL,
	"range" "car_range" NOT NULL,
	"location_id" uuid NOT NULL,
	"added_on" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"booked_us" bigint NOT NULL,
	"blocked_us" bigint NOT NULL,
	CONSTRAINT "fleet_use_days_day_supplier_id_range_location_id_added_on_until_pk" PRIMARY KEY("day","supplier_id","range","location_id","added_on","until")
);
--> statement-breakpoint
-- Written by hand (the lead renumbers at merge): the dashboard's utilisation of a period read every car of the scope,
-- its places and every hold overlapping the period (the admin's month at 10×: 100k cars, 172k car-places, 150k holds
-- from 47k heap pages: 2–4.7 s). The database keeps those figures instead, in the transaction that writes a booking, a
-- car or a car's places, whoever writes: cars counted per (supplier, range, place, time in the fleet) and their holds'
-- time per UTC day under the same key (schema-counts.ts). A period of whole UTC days (the dashboard's bounds are UTC
-- midnights) is exactly the sum of its days, and a car counts in it exactly when the current query counted it (added
-- before its end, not gone before its start): the key keeps the UTC day it was added and when it left. The zero uuid
-- as the place is the car itself (its supplier and range, counted once). Each change is folded per key and written in
-- the keys' order (two transactions never lock them crosswise).
CREATE TYPE "fleet_hold" AS ("car_id" uuid, "kind" "booking_kind", "pickup_at" timestamptz, "dropoff_at" timestamptz, "sign" integer);
--> statement-breakpoint
CREATE TYPE "fleet_piece" AS ("car_id" uuid, "supplier_id" uuid, "range" "car_range", "added_on" timestamptz, "until" timestamptz, "location_id" uuid, "sign" integer);
--> statement-breakpoint
-- The UTC days a hold covers, each with its microseconds on that day (24 hours: no clock's summer time moves them).
CREATE FUNCTION "fleet_hold_days"("pickup_at" timestamptz, "dropoff_at" timestamptz) RETURNS TABLE ("day" date, "us" bigint)
LANGUAGE sql STABLE AS $$
  SELECT ("d" AT TIME ZONE 'UTC')::date,
    (extract(epoch FROM least("dropoff_at", "d" + interval '24 hours') - greatest("pickup_at", "d")) * 1000000)::bigint
  FROM generate_series(date_trunc('day', "pickup_at", 'UTC'), "dropoff_at" - interval '1 microsecond', interval '24 hours') AS "d"
$$;
--> statement-breakpoint
-- Where a car counts: as itself (the zero uuid), and at each place it serves.
CREATE FUNCTION "fleet_car_places"("car" uuid) RETURNS TABLE ("location_id" uuid) LANGUAGE sql STABLE AS $$
  SELECT '00000000-0000-0000-0000-000000000000'::uuid
  UNION ALL SELECT "cl"."location_id" FROM "car_locations" AS "cl" WHERE "cl"."car_id" = "car"
$$;
--> statement-breakpoint
-- A car's pieces (its key at each place it counts), with a sign.
CREATE FUNCTION "fleet_pieces"("car_id" uuid, "supplier_id" uuid, "range" "car_range", "created_at" timestamptz,
  "deleted_at" timestamptz, "sign" integer) RETURNS SETOF "fleet_piece" LANGUAGE sql STABLE AS $$
  SELECT "car_id", "supplier_id", "range", date_trunc('day', "created_at", 'UTC'), coalesce("deleted_at", 'infinity'),
    "p"."location_id", "sign"
  FROM "fleet_car_places"("car_id") AS "p"
$$;
--> statement-breakpoint
CREATE FUNCTION "fleet_cohorts_add"("pieces" "fleet_piece"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "fleet_cohorts" AS "f" ("supplier_id", "range", "location_id", "added_on", "until", "cars")
    SELECT "supplier_id", "range", "location_id", "added_on", "until", sum("sign") FROM unnest("pieces")
    GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("supplier_id", "range", "location_id", "added_on", "until") DO UPDATE SET "cars" = "f"."cars" + excluded."cars"
$$;
--> statement-breakpoint
-- The holds the utilisation counts (dashboard.repository.ts): blocking ones, and rentals taken back (they used the car).
-- (Compared as text: a function's body is checked as it is created, when a fresh database's migrations may not have
-- committed the enums' later values yet.)
CREATE FUNCTION "fleet_held"("kind" "booking_kind", "status" "booking_status", "blocks_car" boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT ("blocks_car" AND ("kind"::text = 'block' OR "status"::text <> 'void'))
    OR ("kind"::text = 'rental' AND NOT "blocks_car" AND "status"::text IN ('returned', 'closed'))
$$;
--> statement-breakpoint
-- Holds written (under their car's key now, at each of its places), and cars whose key or places changed (every hold
-- of the car, under the key given), folded per day and key. Without JIT: planned for arrays of unknown length, the
-- statement's estimate passed the JIT threshold and compiling it was 20 of a booking write's 21 ms at 10×.
CREATE FUNCTION "fleet_use_add"("holds" "fleet_hold"[], "pieces" "fleet_piece"[]) RETURNS void LANGUAGE sql
SET "jit" = off AS $$
  INSERT INTO "fleet_use_days" AS "u" ("day", "supplier_id", "range", "location_id", "added_on", "until", "booked_us", "blocked_us")
    SELECT "d"."day", "x"."supplier_id", "x"."range", "x"."location_id", "x"."added_on", "x"."until",
      sum(CASE WHEN "x"."kind"::text = 'rental' THEN "x"."sign" * "d"."us" ELSE 0 END),
      sum(CASE WHEN "x"."kind"::text = 'block' THEN "x"."sign" * "d"."us" ELSE 0 END)
    FROM (
      SELECT "h"."kind", "h"."pickup_at", "h"."dropoff_at", "p".*
      FROM unnest("holds") AS "h" JOIN "cars" AS "c" ON "c"."id" = "h"."car_id",
        "fleet_pieces"("c"."id", "c"."supplier_id", "c"."range", "c"."created_at", "c"."deleted_at", "h"."sign") AS "p"
      UNION ALL
      SELECT "b"."kind", "b"."pickup_at", "b"."dropoff_at", "k".*
      FROM unnest("pieces") AS "k" JOIN "bookings" AS "b" ON "b"."car_id" = "k"."car_id"
      WHERE "fleet_held"("b"."kind", "b"."status", "b"."blocks_car")
    ) AS "x", "fleet_hold_days"("x"."pickup_at", "x"."dropoff_at") AS "d"
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(CASE WHEN "x"."kind"::text = 'rental' THEN "x"."sign" * "d"."us" ELSE 0 END) <> 0
      OR sum(CASE WHEN "x"."kind"::text = 'block' THEN "x"."sign" * "d"."us" ELSE 0 END) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("day", "supplier_id", "range", "location_id", "added_on", "until") DO UPDATE
    SET "booked_us" = "u"."booked_us" + excluded."booked_us", "blocked_us" = "u"."blocked_us" + excluded."blocked_us"
$$;
--> statement-breakpoint
CREATE FUNCTION "fleet_use_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "fleet_use_add"(ARRAY(
      SELECT ROW("car_id", "kind", "pickup_at", "dropoff_at", 1)::"fleet_hold" FROM "new_rows"
      WHERE "fleet_held"("kind", "status", "blocks_car")), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "fleet_use_add"(ARRAY(
      SELECT ROW("car_id", "kind", "pickup_at", "dropoff_at", -1)::"fleet_hold" FROM "old_rows"
      WHERE "fleet_held"("kind", "status", "blocks_car")), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the rows whose hold changed (most updates: a payment, a note, a status that still holds): set differences,
    -- hashed or sorted, linear in the rows updated (migration 0041).
    PERFORM "fleet_use_add"(ARRAY(
      SELECT ROW("car_id", "kind", "pickup_at", "dropoff_at", 1)::"fleet_hold" FROM (
        SELECT "id", "car_id", "kind", "pickup_at", "dropoff_at", "fleet_held"("kind", "status", "blocks_car") AS "held" FROM "new_rows"
        EXCEPT
        SELECT "id", "car_id", "kind", "pickup_at", "dropoff_at", "fleet_held"("kind", "status", "blocks_car") FROM "old_rows"
      ) AS "n" WHERE "held"
      UNION ALL
      SELECT ROW("car_id", "kind", "pickup_at", "dropoff_at", -1)::"fleet_hold" FROM (
        SELECT "id", "car_id", "kind", "pickup_at", "dropoff_at", "fleet_held"("kind", "status", "blocks_car") AS "held" FROM "old_rows"
        EXCEPT
        SELECT "id", "car_id", "kind", "pickup_at", "dropoff_at", "fleet_held"("kind", "status", "blocks_car") FROM "new_rows"
      ) AS "o" WHERE "held"), '{}');
  ELSE
    DELETE FROM "fleet_use_days";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_fleet_use_inserted" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_use_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_fleet_use_updated" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_use_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_fleet_use_deleted" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_use_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_fleet_use_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_use_bookings"();
--> statement-breakpoint
-- A car added counts from the UTC day it was added; one whose supplier, range or time in the fleet changes (deleted:
-- it leaves) moves with its holds to its new key. Its places come in car_locations' rows, after it.
CREATE FUNCTION "fleet_cars"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "pieces" "fleet_piece"[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    "pieces" := ARRAY(SELECT "p" FROM "new_rows" AS "c",
      "fleet_pieces"("c"."id", "c"."supplier_id", "c"."range", "c"."created_at", "c"."deleted_at", 1) AS "p");
  ELSIF TG_OP = 'UPDATE' THEN
    "pieces" := ARRAY(
      SELECT "p" FROM (
        SELECT "id", "supplier_id", "range", "created_at", "deleted_at" FROM "new_rows"
        EXCEPT SELECT "id", "supplier_id", "range", "created_at", "deleted_at" FROM "old_rows"
      ) AS "c", "fleet_pieces"("c"."id", "c"."supplier_id", "c"."range", "c"."created_at", "c"."deleted_at", 1) AS "p"
      UNION ALL
      SELECT "p" FROM (
        SELECT "id", "supplier_id", "range", "created_at", "deleted_at" FROM "old_rows"
        EXCEPT SELECT "id", "supplier_id", "range", "created_at", "deleted_at" FROM "new_rows"
      ) AS "c", "fleet_pieces"("c"."id", "c"."supplier_id", "c"."range", "c"."created_at", "c"."deleted_at", -1) AS "p");
  ELSE
    DELETE FROM "fleet_cohorts";
    DELETE FROM "fleet_use_days";
    RETURN NULL;
  END IF;
  PERFORM "fleet_cohorts_add"("pieces");
  PERFORM "fleet_use_add"('{}', "pieces");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A car deleted for good takes its places and bookings with it (ON DELETE CASCADE): it leaves with them here, before
-- they go (their own triggers then find no car, and change nothing).
CREATE FUNCTION "fleet_car_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "pieces" "fleet_piece"[] := ARRAY(SELECT "p" FROM
    "fleet_pieces"(OLD."id", OLD."supplier_id", OLD."range", OLD."created_at", OLD."deleted_at", -1) AS "p");
BEGIN
  PERFORM "fleet_cohorts_add"("pieces");
  PERFORM "fleet_use_add"('{}', "pieces");
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_inserted" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_cars"();
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_updated" AFTER UPDATE ON "cars" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_cars"();
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_truncated" AFTER TRUNCATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "fleet_cars"();
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_deleted" BEFORE DELETE ON "cars" FOR EACH ROW EXECUTE FUNCTION "fleet_car_deleted"();
--> statement-breakpoint
-- A car at one place, under its key now (null: the car is gone).
CREATE FUNCTION "fleet_place"("car" uuid, "location" uuid, "sign" integer) RETURNS "fleet_piece" LANGUAGE sql STABLE AS $$
  SELECT ROW("c"."id", "c"."supplier_id", "c"."range", date_trunc('day', "c"."created_at", 'UTC'),
    coalesce("c"."deleted_at", 'infinity'), "location", "sign")::"fleet_piece"
  FROM "cars" AS "c" WHERE "c"."id" = "car"
$$;
--> statement-breakpoint
-- A car's place added or removed: the car, and its holds, counted at that place or no longer.
CREATE FUNCTION "fleet_car_locations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "pieces" "fleet_piece"[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "fleet_cohorts" WHERE "location_id" <> '00000000-0000-0000-0000-000000000000';
    DELETE FROM "fleet_use_days" WHERE "location_id" <> '00000000-0000-0000-0000-000000000000';
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    "pieces" := ARRAY(SELECT "fleet_place"("car_id", "location_id", 1) FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    "pieces" := ARRAY(SELECT "fleet_place"("car_id", "location_id", -1) FROM "old_rows");
  ELSE
    "pieces" := ARRAY(SELECT "fleet_place"("car_id", "location_id", 1) FROM "new_rows"
      UNION ALL SELECT "fleet_place"("car_id", "location_id", -1) FROM "old_rows");
  END IF;
  "pieces" := ARRAY(SELECT "p" FROM unnest("pieces") AS "p" WHERE "p" IS NOT NULL);
  PERFORM "fleet_cohorts_add"("pieces");
  PERFORM "fleet_use_add"('{}', "pieces");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_inserted" AFTER INSERT ON "car_locations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_car_locations"();
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_updated" AFTER UPDATE ON "car_locations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_car_locations"();
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_deleted" AFTER DELETE ON "car_locations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_car_locations"();
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_truncated" AFTER TRUNCATE ON "car_locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_car_locations"();
--> statement-breakpoint
-- The figures of what is already there (the triggers above, created first in this transaction, keep the rest).
INSERT INTO "fleet_cohorts" ("supplier_id", "range", "location_id", "added_on", "until", "cars")
  SELECT "p"."supplier_id", "p"."range", "p"."location_id", "p"."added_on", "p"."until", count(*)
  FROM "cars" AS "c", "fleet_pieces"("c"."id", "c"."supplier_id", "c"."range", "c"."created_at", "c"."deleted_at", 1) AS "p"
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
SELECT "fleet_use_add"('{}', ARRAY(SELECT "p" FROM "cars" AS "c",
  "fleet_pieces"("c"."id", "c"."supplier_id", "c"."range", "c"."created_at", "c"."deleted_at", 1) AS "p"));
