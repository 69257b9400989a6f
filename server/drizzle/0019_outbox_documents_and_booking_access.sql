CREATE TABLE "booking_access" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "documents_of" uuid;--> statement-breakpoint
ALTER TABLE "booking_access" ADD CONSTRAINT "booking_access_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_access_expires_idx" ON "booking_access" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_documents_of_bookings_id_fk" FOREIGN KEY ("documents_of") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;