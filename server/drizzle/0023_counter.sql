CREATE TYPE "public"."booking_document_kind" AS ENUM('agreement', 'condition_report', 'invoice', 'credit_note', 'receipt');--> statement-breakpoint
CREATE TYPE "public"."charge_kind" AS ENUM('fuel', 'mileage', 'late', 'one_way', 'cleaning', 'damage', 'toll', 'fine', 'no_show', 'other');--> statement-breakpoint
CREATE TYPE "public"."damage_severity" AS ENUM('minor', 'moderate', 'major');--> statement-breakpoint
CREATE TYPE "public"."inspection_kind" AS ENUM('check_out', 'return');--> statement-breakpoint
CREATE TYPE "public"."no_show_rule" AS ENUM('keep', 'fee', 'refund');--> statement-breakpoint
CREATE TYPE "public"."signature_method" AS ENUM('drawn', 'typed');--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'on_rent' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'returned' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'closed' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'no_show' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."file_kind" ADD VALUE 'inspectionPhoto';--> statement-breakpoint
ALTER TYPE "public"."file_kind" ADD VALUE 'signature';--> statement-breakpoint
ALTER TYPE "public"."file_kind" ADD VALUE 'document';--> statement-breakpoint
CREATE TABLE "booking_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" charge_kind NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"computation" jsonb NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"waived_at" timestamp with time zone,
	"waived_by" uuid,
	"waive_reason" varchar(500),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "booking_document_kind" NOT NULL,
	"version" integer NOT NULL,
	"language" varchar(2) NOT NULL,
	"file_id" uuid NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"signed_at" timestamp with time zone,
	"signer_name" varchar(200),
	"signature_method" "signature_method",
	"signature_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_charge_rules" (
	"car_id" uuid PRIMARY KEY NOT NULL,
	"fuel_price_per_litre" integer,
	"refuelling_fee" integer,
	"battery_price_per_percent" integer,
	"price_per_extra_km" integer,
	"late_grace_minutes" integer,
	"late_price_per_hour" integer,
	"cleaning_fee" integer,
	"one_way_fee" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_readings" (
	"car_id" uuid PRIMARY KEY NOT NULL,
	"tank_litres" smallint,
	"odometer" integer,
	"service_odometer" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_rules" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"fuel_price_per_litre" integer NOT NULL,
	"refuelling_fee" integer NOT NULL,
	"default_tank_litres" smallint NOT NULL,
	"battery_price_per_percent" integer NOT NULL,
	"price_per_extra_km" integer NOT NULL,
	"late_grace_minutes" integer NOT NULL,
	"late_price_per_hour" integer NOT NULL,
	"cleaning_fee" integer NOT NULL,
	"one_way_fee" integer,
	"one_way_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_settings" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"early_check_out_hours" smallint NOT NULL,
	"no_show_grace_minutes" integer NOT NULL,
	"no_show_rule" "no_show_rule" NOT NULL,
	"no_show_fee" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"booking_id" uuid,
	"inspection_id" uuid,
	"zone" varchar(40) NOT NULL,
	"severity" "damage_severity" NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"photo_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"repaired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "inspection_kind" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_id" uuid,
	"location_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"odometer" integer NOT NULL,
	"fuel_eighths" smallint,
	"battery_percent" smallint,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"license_number" varchar(40),
	"license_country" varchar(2),
	"license_expires_on" date,
	"birth_date" date,
	"additional_drivers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cleaning" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "check_in" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "swapped_from_car_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "swap_repriced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attach_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_charge_rules" ADD CONSTRAINT "car_charge_rules_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_readings" ADD CONSTRAINT "car_readings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_rules" ADD CONSTRAINT "charge_rules_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_settings" ADD CONSTRAINT "counter_settings_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_charges_booking_idx" ON "booking_charges" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_documents_version_key" ON "booking_documents" USING btree ("booking_id","kind","version");--> statement-breakpoint
CREATE INDEX "damages_open_car_idx" ON "damages" USING btree ("car_id") WHERE "damages"."repaired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_booking_kind_key" ON "inspections" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "bookings_status_dropoff_idx" ON "bookings" USING btree ("status","dropoff_at") WHERE "bookings"."kind" = 'rental';--> statement-breakpoint
CREATE INDEX "files_booking_idx" ON "files" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_fuel_reading_check" CHECK (("fuel_eighths" BETWEEN 0 AND 8 AND "battery_percent" IS NULL) OR ("fuel_eighths" IS NULL AND "battery_percent" BETWEEN 0 AND 100));--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_odometer_check" CHECK ("odometer" >= 0);--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_amount_check" CHECK ("amount" >= 0);--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_photos_check" CHECK (cardinality("photo_file_ids") <= 6);
