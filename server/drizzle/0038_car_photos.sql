CREATE TABLE "car_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"width" smallint,
	"small_file_id" uuid,
	"small_width" smallint,
	"large_file_id" uuid,
	"large_width" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_small_file_id_files_id_fk" FOREIGN KEY ("small_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_large_file_id_files_id_fk" FOREIGN KEY ("large_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_photos_car_idx" ON "car_photos" USING btree ("car_id","position");--> statement-breakpoint
-- Hand-written (keep at a renumbering). A car's one image becomes its first photo, kept as it was stored (its
-- width unknown: its srcset names it alone). cars.image_file_id stays the first photo's, which the spec's calls answer.
INSERT INTO "car_photos" ("car_id", "position", "file_id")
  SELECT "id", 0, "image_file_id" FROM "cars" WHERE "image_file_id" IS NOT NULL;--> statement-breakpoint
-- The search's index shows the photos: a change to them is a change to the fleet (0005_search_index_triggers.sql).
CREATE TRIGGER "car_photos_fleet_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "car_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_version_bump"();
