import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

// Column types and helpers the schema's tables share (the schema-*.ts modules that schema.ts re-exports).

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
/** Booking period: derived from pick-up and drop-off, used by the no-double-booking exclusion constraint. */
export const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });
/** A 64-bit transaction id (never wraps): which transaction last wrote a row, for the search index's sync. */
export const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => integer(name);
