ALTER TABLE "bookings" ADD COLUMN "booked_at_desk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "desk_customer" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
-- Desk bookings made before this migration: the audit trail names an operator as the actor of their creation.
UPDATE "bookings" SET "booked_at_desk" = true WHERE "id" IN (SELECT "entity_id" FROM "audit_log" WHERE "entity" = 'booking' AND "action" = 'create' AND "actor_type" IN ('admin', 'supplier'));
