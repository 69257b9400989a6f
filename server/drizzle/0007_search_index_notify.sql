-- The embedded database (PGlite) has one writer, the server process itself: there the search index listens for this
-- notification and asks the database what changed only after a write (src/features/cars/search-index.ts). The
-- notification is sent only where the session asks for it (`roam.search_notify`, set by src/db/client.ts for
-- PGlite): on PostgreSQL every process keeps asking, and commits do not queue behind NOTIFY's lock.
CREATE FUNCTION "search_index_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('roam.search_notify', true) = 'on' THEN
    PERFORM pg_notify('roam_search_index', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_search_index_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_notify"();
--> statement-breakpoint
CREATE TRIGGER "fleet_version_search_index_notify" AFTER UPDATE ON "fleet_version"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_notify"();
