-- A booking's short reference (issue #22 item 10): 8 characters of an alphabet without I, L, O, 0 and 1, drawn from
-- gen_random_uuid(), the database's strong random source (PostgreSQL 13+, PGlite), so that every row gets one whoever
-- inserts it. Bytes 6 and 8 carry the UUID's version and variant bits and are skipped. The unique index on the column
-- (migration 0015) refuses a repeat; a checkout that meets one draws again (src/features/checkout/checkout.repository.ts).
CREATE FUNCTION "booking_reference"() RETURNS varchar LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + get_byte(r.bytes, t.i) % 31, 1), '' ORDER BY t.o)
  FROM (SELECT uuid_send(gen_random_uuid()) AS bytes) r,
    unnest(ARRAY[0, 1, 2, 3, 4, 5, 10, 11]) WITH ORDINALITY AS t(i, o)
$$;
