CREATE TABLE "booking_catalogue_extras" (
	"booking_id" uuid NOT NULL,
	"extra_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" smallint NOT NULL,
	CONSTRAINT "booking_catalogue_extras_booking_id_extra_id_pk" PRIMARY KEY("booking_id","extra_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_extra_stock" (
	"extra_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "catalogue_extra_stock_extra_id_location_id_pk" PRIMARY KEY("extra_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_extras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"names" jsonb NOT NULL,
	"charge" varchar(10) NOT NULL,
	"price" integer NOT NULL,
	"max_per_rental" integer,
	"max_quantity" smallint DEFAULT 1 NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"car_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ranges" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_catalogue_extras" ADD CONSTRAINT "booking_catalogue_extras_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_catalogue_extras" ADD CONSTRAINT "booking_catalogue_extras_extra_id_catalogue_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."catalogue_extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_catalogue_extras" ADD CONSTRAINT "booking_catalogue_extras_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_extra_stock" ADD CONSTRAINT "catalogue_extra_stock_extra_id_catalogue_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."catalogue_extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_extra_stock" ADD CONSTRAINT "catalogue_extra_stock_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_extras" ADD CONSTRAINT "catalogue_extras_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_catalogue_extras_stock_idx" ON "booking_catalogue_extras" USING btree ("extra_id","location_id");--> statement-breakpoint
CREATE INDEX "catalogue_extras_supplier_idx" ON "catalogue_extras" USING btree ("supplier_id");--> statement-breakpoint
-- Hand-written (drizzle's schema cannot say them): a charge is one of the contract's two, a stock and a held quantity
-- are never negative.
ALTER TABLE "catalogue_extras" ADD CONSTRAINT "catalogue_extras_charge" CHECK ("charge" IN ('perRental', 'perDay'));--> statement-breakpoint
ALTER TABLE "catalogue_extra_stock" ADD CONSTRAINT "catalogue_extra_stock_quantity" CHECK ("quantity" >= 0);--> statement-breakpoint
ALTER TABLE "booking_catalogue_extras" ADD CONSTRAINT "booking_catalogue_extras_quantity" CHECK ("quantity" > 0);
