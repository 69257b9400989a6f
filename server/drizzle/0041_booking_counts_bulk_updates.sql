-- Written by hand: the accounts' rental counts (migration 0036) asked, after each UPDATE of bookings, whether any row
-- changed its kind, driver or supplier by joining the statement's new rows to its old ones. Transition tables have no
-- statistics: the planner joined them in a nested loop, so an update of n bookings compared n × n pairs — one row in
-- the product's own writes, but a bulk update (the bench's dataset: 110k bookings marked paid) ran for minutes at 100 %
-- CPU. The question is now a set difference, hashed or sorted: linear in the rows the statement updated.
CREATE OR REPLACE FUNCTION "user_booking_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      SELECT "id", "kind", "driver_id", "supplier_id" FROM "new_rows"
      EXCEPT
      SELECT "id", "kind", "driver_id", "supplier_id" FROM "old_rows"
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
