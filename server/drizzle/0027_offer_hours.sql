-- A place's own opening hours (contract opening-hours.ts). Null, every existing place's value: the booking rules'
-- site-wide hours still apply there, so nothing that exists changes.
ALTER TABLE "locations" ADD COLUMN "opening_hours" jsonb;
