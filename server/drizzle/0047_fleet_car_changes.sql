-- A change to one car (its row, its places, date-based prices, photos or own charge rules) bumped fleet_version,
-- and every server process read the whole fleet again: at 100k cars ~3 s before its next search, and a second fleet
-- of objects beside the first (+150-200 MB a process per edit, 920 MB after three). Such changes now leave one row
-- per changed car in fleet_changes (row-level triggers, in the writing transaction, whoever writes), and the index
-- reads only those cars again (src/features/cars/search.index.ts). fleet_version is still bumped by what every car's
-- card shows (locations, a supplier's profile, its charge rules) and by emptying a fleet table (TRUNCATE).
CREATE TABLE "fleet_changes" (
	"car_id" uuid NOT NULL,
	"changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fleet_changes_changed_xid_idx" ON "fleet_changes" USING btree ("changed_xid");
--> statement-breakpoint
-- TG_ARGV[0]: the column naming the car ("id" on cars, "car_id" on the others). An update records the car before and
-- after (the same car but for a row moved to another).
CREATE FUNCTION "fleet_car_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "fleet_changes" ("car_id") VALUES ((to_jsonb(OLD) ->> TG_ARGV[0])::uuid);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (to_jsonb(OLD) ->> TG_ARGV[0]) <> (to_jsonb(NEW) ->> TG_ARGV[0])) THEN
    INSERT INTO "fleet_changes" ("car_id") VALUES ((to_jsonb(NEW) ->> TG_ARGV[0])::uuid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "cars_fleet_version" ON "cars";
--> statement-breakpoint
DROP TRIGGER "car_locations_fleet_version" ON "car_locations";
--> statement-breakpoint
DROP TRIGGER "date_based_prices_fleet_version" ON "date_based_prices";
--> statement-breakpoint
DROP TRIGGER "car_photos_fleet_version" ON "car_photos";
--> statement-breakpoint
DROP TRIGGER "car_charge_rules_fleet_version" ON "car_charge_rules";
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_changes" AFTER INSERT OR UPDATE OR DELETE ON "cars"
  FOR EACH ROW EXECUTE FUNCTION "fleet_car_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_changes" AFTER INSERT OR UPDATE OR DELETE ON "car_locations"
  FOR EACH ROW EXECUTE FUNCTION "fleet_car_changed"('car_id');
--> statement-breakpoint
CREATE TRIGGER "date_based_prices_fleet_changes" AFTER INSERT OR UPDATE OR DELETE ON "date_based_prices"
  FOR EACH ROW EXECUTE FUNCTION "fleet_car_changed"('car_id');
--> statement-breakpoint
CREATE TRIGGER "car_photos_fleet_changes" AFTER INSERT OR UPDATE OR DELETE ON "car_photos"
  FOR EACH ROW EXECUTE FUNCTION "fleet_car_changed"('car_id');
--> statement-breakpoint
CREATE TRIGGER "car_charge_rules_fleet_changes" AFTER INSERT OR UPDATE OR DELETE ON "car_charge_rules"
  FOR EACH ROW EXECUTE FUNCTION "fleet_car_changed"('car_id');
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_version" AFTER TRUNCATE ON "cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_version" AFTER TRUNCATE ON "car_locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "date_based_prices_fleet_version" AFTER TRUNCATE ON "date_based_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "car_photos_fleet_version" AFTER TRUNCATE ON "car_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "car_charge_rules_fleet_version" AFTER TRUNCATE ON "car_charge_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
-- The embedded database tells its one writer's index of these changes as of the others (migration 0007).
CREATE TRIGGER "fleet_changes_search_index_notify" AFTER INSERT ON "fleet_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_notify"();
--> statement-breakpoint
-- The car search applies the admin's booking rules and reads them with its look at the database: on the embedded
-- database a change to them is announced like a booking's.
CREATE TRIGGER "run_time_settings_search_index_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "run_time_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_notify"();
