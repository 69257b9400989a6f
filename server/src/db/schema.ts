// The database schema: the one module every query imports its tables from, and the one drizzle-kit reads
// (drizzle.config.ts). Each group of tables is a module of its own that imports only the groups it references and the
// shared base (columns.ts, enums.ts), so the schema has no import cycle (docs/architecture.md §1).

export * from './schema-accounts.ts';
export * from './schema-bookings.ts';
export * from './schema-catalogue-extras.ts';
export * from './schema-counter.ts';
export * from './schema-counts.ts';
export * from './schema-desk.ts';
export * from './schema-fleet.ts';
export * from './schema-gateway-events.ts';
export * from './schema-invoices.ts';
export * from './schema-money.ts';
export * from './schema-operations.ts';
export * from './schema-promo.ts';
export * from './schema-saved-cards.ts';
export * from './schema-team.ts';
