-- A car's card in the search shows the price of a kilometre over its mileage (the car's override, else its
-- business's charge rule: src/features/cars/cars.repository.ts): a change to either is a change to the fleet
-- (0005_search_index_triggers.sql), so the search's index reloads it.
CREATE TRIGGER "charge_rules_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "charge_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "car_charge_rules_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "car_charge_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
