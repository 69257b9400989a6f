/**
 * What a location is (issue #4): a module of its own, without zod, so that the admin's location editor lists the kinds
 * without taking a schema, nor growing the customer's entry chunk where the enumerations live (issue #24).
 */
export const LOCATION_KINDS = ['city', 'airport', 'station'] as const;
