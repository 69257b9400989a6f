CREATE TYPE "public"."booking_status" AS ENUM('void', 'pending', 'deposit', 'paid', 'reserved', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."car_range" AS ENUM('mini', 'midi', 'maxi', 'scooter', 'bus', 'truck', 'caravan');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('avatar', 'license', 'carImage', 'supplierLogo');--> statement-breakpoint
CREATE TYPE "public"."fuel_policy" AS ENUM('likeForlike', 'freeTank', 'fullToFull', 'FullToEmpty');--> statement-breakpoint
CREATE TYPE "public"."fuel_type" AS ENUM('diesel', 'gasoline', 'electric', 'hybrid', 'plugInHybrid', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."gearbox" AS ENUM('manual', 'automatic');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed', 'logged');--> statement-breakpoint
CREATE TYPE "public"."payment_option" AS ENUM('payLater', 'deposit', 'full');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('demo', 'stripe', 'paypal');--> statement-breakpoint
CREATE TYPE "public"."token_purpose" AS ENUM('activate', 'reset');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('admin', 'supplier', 'user');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"pickup_location_id" uuid NOT NULL,
	"dropoff_location_id" uuid NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"dropoff_at" timestamp with time zone NOT NULL,
	"period" "tstzrange" GENERATED ALWAYS AS (tstzrange(pickup_at, dropoff_at, '[)')) STORED NOT NULL,
	"status" "booking_status" NOT NULL,
	"blocks_car" boolean NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"payment_option" "payment_option" NOT NULL,
	"cancellation" boolean DEFAULT false NOT NULL,
	"amendments" boolean DEFAULT false NOT NULL,
	"theft_protection" boolean DEFAULT false NOT NULL,
	"collision_damage_waiver" boolean DEFAULT false NOT NULL,
	"full_insurance" boolean DEFAULT false NOT NULL,
	"additional_driver" boolean DEFAULT false NOT NULL,
	"additional_driver_details" jsonb,
	"price" integer NOT NULL,
	"deposit" integer NOT NULL,
	"pay_now" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"rate" numeric(18, 8) DEFAULT 1 NOT NULL,
	"charged_amount" integer NOT NULL,
	"payment_provider" "payment_provider",
	"payment_reference" varchar(255),
	"paid_at" timestamp with time zone,
	"cancel_request" boolean DEFAULT false NOT NULL,
	"license_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_locations" (
	"car_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "car_locations_car_id_location_id_pk" PRIMARY KEY("car_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"image_file_id" uuid,
	"range" "car_range" NOT NULL,
	"fuel_type" "fuel_type" NOT NULL,
	"gearbox" "gearbox" NOT NULL,
	"seats" smallint NOT NULL,
	"doors" smallint NOT NULL,
	"aircon" boolean NOT NULL,
	"mileage" integer NOT NULL,
	"fuel_policy" "fuel_policy" NOT NULL,
	"multimedia" text[] DEFAULT '{}'::text[] NOT NULL,
	"daily_price" integer NOT NULL,
	"discounted_daily_price" integer,
	"hourly_price" integer,
	"discounted_hourly_price" integer,
	"bi_weekly_price" integer,
	"discounted_bi_weekly_price" integer,
	"weekly_price" integer,
	"discounted_weekly_price" integer,
	"monthly_price" integer,
	"discounted_monthly_price" integer,
	"is_date_based_price" boolean DEFAULT false NOT NULL,
	"deposit" integer NOT NULL,
	"cancellation" integer NOT NULL,
	"amendments" integer NOT NULL,
	"theft_protection" integer NOT NULL,
	"collision_damage_waiver" integer NOT NULL,
	"full_insurance" integer NOT NULL,
	"additional_driver" integer NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"fully_booked" boolean DEFAULT false NOT NULL,
	"coming_soon" boolean DEFAULT false NOT NULL,
	"rating" numeric(2, 1),
	"trips" integer DEFAULT 0 NOT NULL,
	"minimum_age" smallint DEFAULT 21 NOT NULL,
	"co2" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(2) NOT NULL,
	"names" jsonb NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "date_based_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"daily_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "file_kind" NOT NULL,
	"owner_id" uuid,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"temporary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_id" uuid NOT NULL,
	"parent_id" uuid,
	"names" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"kind" varchar(20) DEFAULT 'city' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320) NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(50) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"booking_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" varchar(320) NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"persistent" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "user_type" DEFAULT 'user' NOT NULL,
	"email" varchar(320) NOT NULL,
	"password_hash" text,
	"full_name" varchar(200) NOT NULL,
	"phone" varchar(40),
	"location" varchar(200),
	"bio" text,
	"birth_date" date,
	"avatar_file_id" uuid,
	"license_file_id" uuid,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"enable_email_notifications" boolean DEFAULT true NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"logo_file_id" uuid,
	"price_change_rate" numeric(6, 2) DEFAULT 0 NOT NULL,
	"pay_later" boolean DEFAULT true NOT NULL,
	"license_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_location_id_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dropoff_location_id_locations_id_fk" FOREIGN KEY ("dropoff_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_license_file_id_files_id_fk" FOREIGN KEY ("license_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_locations" ADD CONSTRAINT "car_locations_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_locations" ADD CONSTRAINT "car_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_based_prices" ADD CONSTRAINT "date_based_prices_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_license_file_id_files_id_fk" FOREIGN KEY ("license_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_driver_idx" ON "bookings" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_supplier_idx" ON "bookings" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_car_idx" ON "bookings" USING btree ("car_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_reference_key" ON "bookings" USING btree ("payment_provider","payment_reference");--> statement-breakpoint
CREATE INDEX "car_locations_location_idx" ON "car_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "cars_supplier_idx" ON "cars" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "cars_search_idx" ON "cars" USING btree ("range","daily_price");--> statement-breakpoint
CREATE INDEX "date_based_prices_car_idx" ON "date_based_prices" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "locations_country_idx" ON "locations" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","is_read");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_key" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("type");