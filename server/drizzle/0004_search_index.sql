CREATE TABLE "booking_tombstones" (
	"booking_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_tombstones_changed_xid_idx" ON "booking_tombstones" USING btree ("changed_xid");--> statement-breakpoint
CREATE INDEX "bookings_changed_xid_idx" ON "bookings" USING btree ("changed_xid");