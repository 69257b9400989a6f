CREATE TYPE "public"."block_reason" AS ENUM('maintenance', 'privateUse', 'other');--> statement-breakpoint
CREATE TYPE "public"."booking_kind" AS ENUM('rental', 'block');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_type" "user_type" NOT NULL,
	"entity" varchar(30) NOT NULL,
	"entity_id" uuid NOT NULL,
	"car_id" uuid,
	"supplier_id" uuid,
	"action" varchar(30) NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_reference" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" "booking_kind" DEFAULT 'rental' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "block_reason" "block_reason";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "block_note" varchar(500);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "license_plate" varchar(20);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_email" varchar(320);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_car_idx" ON "audit_log" USING btree ("car_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "bookings_cancel_request_idx" ON "bookings" USING btree ("supplier_id") WHERE "bookings"."cancel_request";--> statement-breakpoint
CREATE UNIQUE INDEX "cars_supplier_plate_key" ON "cars" USING btree ("supplier_id","license_plate") WHERE "cars"."deleted_at" is null;