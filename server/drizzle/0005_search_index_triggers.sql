-- The car search's in-memory index (src/features/cars/search-index.ts) follows the database through these
-- triggers, whichever process or tool writes: bookings carry the id of the transaction that last wrote them, deleted
-- bookings leave a tombstone, and any change to what a search shows of the fleet bumps fleet_version.
INSERT INTO "fleet_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bookings_mark_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."changed_xid" := pg_current_xact_id();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_mark_changed" BEFORE UPDATE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_mark_changed"();
--> statement-breakpoint
CREATE FUNCTION "bookings_leave_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_tombstones" ("booking_id", "car_id") VALUES (OLD."id", OLD."car_id");
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_leave_tombstone" AFTER DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_leave_tombstone"();
--> statement-breakpoint
CREATE FUNCTION "fleet_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "fleet_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cars_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "car_locations_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "car_locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "date_based_prices_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "date_based_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "locations_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
-- A supplier's name, logo and terms are shown on every car card; a driver's profile edits are not the fleet's.
CREATE TRIGGER "suppliers_fleet_version" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN ((OLD."type" = 'supplier' OR NEW."type" = 'supplier') AND (
    OLD."type", OLD."full_name", OLD."logo_file_id", OLD."price_change_rate", OLD."pay_later", OLD."license_required"
  ) IS DISTINCT FROM (
    NEW."type", NEW."full_name", NEW."logo_file_id", NEW."price_change_rate", NEW."pay_later", NEW."license_required"
  ))
  EXECUTE FUNCTION "fleet_version_bump"();
