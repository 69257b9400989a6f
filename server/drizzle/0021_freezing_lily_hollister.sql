CREATE TYPE "public"."amendment_status" AS ENUM('pending', 'applied', 'refunded', 'expired');--> statement-breakpoint
CREATE TABLE "booking_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"basis_total" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"payment_reference" varchar(255),
	"status" "amendment_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_reference" varchar(255);--> statement-breakpoint
ALTER TABLE "booking_amendments" ADD CONSTRAINT "booking_amendments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_amendments_booking_idx" ON "booking_amendments" USING btree ("booking_id");