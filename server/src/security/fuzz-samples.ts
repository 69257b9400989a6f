import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';

// Well-formed requests of every route, made from the OpenAPI document the contract's schemas generate (second
// outside audit, items 9, 10, 16): a request that passes the schema goes as deep as the route's code goes, so a
// control character in its text, or an extreme number, reaches whatever would fail on it — the database, a price,
// a date. fuzz-schema.test.ts sends them, changed, to every route.

/** The part of JSON Schema the contract's schemas produce. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
};

/** Ids a field's name points at, so that a well-formed request names records that exist. */
const IDS: Record<string, string> = {
  carId: DEMO_IDS.cars.clio,
  pickupLocationId: DEMO_IDS.locations.parisCdg,
  dropoffLocationId: DEMO_IDS.locations.parisCdg,
  locationId: DEMO_IDS.locations.parisCdg,
  supplierId: DEMO_IDS.suppliers.azurCoast,
  driverId: DEMO_ACCOUNTS.driver.id,
  userId: DEMO_ACCOUNTS.admin.id,
  _id: DEMO_ACCOUNTS.admin.id,
  id: DEMO_ACCOUNTS.admin.id,
};

/** Text a field's name asks for in a particular shape (the schema says it with a pattern or a check). */
const TEXT: Record<string, string> = {
  phone: '+33 6 12 34 56 78',
  code: 'QZ',
  timeZone: 'Europe/Paris',
  licensePlate: 'FZ-123-ZZ',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  reference: 'ABCD2345',
  password: 'Fuzz-password-2026',
  newPassword: 'Fuzz-password-2027',
};

const DAY = 24 * 3600_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

export type Sampler = { resolve(ref: string): JsonSchema };

function first(options: JsonSchema[]): JsonSchema {
  return options.find((option) => option.type !== 'null' && option.const !== null) ?? options[0] ?? {};
}

function sampleString(schema: JsonSchema, name: string): string {
  if (IDS[name] && schema.format === 'uuid') return IDS[name];
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'date-time') {
    // A period 30 days ahead at 10:00 UTC, three days long: within the opening hours, never in the past.
    const offset = name === 'dropoffAt' || name === 'endAt' || name === 'to' ? 33 : 30;
    return `${day(offset)}T10:00:00.000Z`;
  }
  if (name === 'birthDate') return '1990-05-06';
  if (schema.format === 'date' || name === 'from' || name === 'to' || name.endsWith('Date'))
    return name === 'to' || name === 'endDate' ? day(31) : day(30);
  if (TEXT[name]) return TEXT[name];
  return 'Fuzz text'.padEnd(schema.minLength ?? 0, 'x');
}

/** A value of `schema` for the field `name` that passes it as often as such a simple reading can. */
export function sample(schema: JsonSchema, sampler: Sampler, name = ''): unknown {
  if (schema.$ref) return sample(sampler.resolve(schema.$ref), sampler, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(first(schema.anyOf), sampler, name);
  if (schema.oneOf) return sample(first(schema.oneOf), sampler, name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, sampler, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, sampler, key)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, sampler, name));
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? schema.exclusiveMinimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    default:
      return schema.default ?? null;
  }
}

/** A free-text field: a string with no shape of its own (no format, enum or pattern). */
export const isFreeText = (schema: JsonSchema) =>
  schema.type === 'string' && !schema.format && !schema.enum && !schema.pattern && schema.const === undefined;

/**
 * `value` (a sample of `schema`) with every leaf that `pick` chooses replaced by `change(leaf)`; the leaves' paths.
 */
export function mutate(
  value: unknown,
  schema: JsonSchema,
  sampler: Sampler,
  pick: (schema: JsonSchema) => boolean,
  change: (leaf: unknown) => unknown,
  at = '',
): { value: unknown; paths: string[] } {
  const resolved = schema.$ref ? sampler.resolve(schema.$ref) : schema;
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) return mutate(value, first(options), sampler, pick, change, at);
  if (Array.isArray(value)) {
    const parts = value.map((item, i) => mutate(item, resolved.items ?? {}, sampler, pick, change, `${at}.${i}`));
    return { value: parts.map((part) => part.value), paths: parts.flatMap((part) => part.paths) };
  }
  if (value !== null && typeof value === 'object') {
    const paths: string[] = [];
    const entries = Object.entries(value).map(([key, item]) => {
      const part = mutate(item, resolved.properties?.[key] ?? {}, sampler, pick, change, `${at}.${key}`);
      paths.push(...part.paths);
      return [key, part.value];
    });
    return { value: Object.fromEntries(entries), paths };
  }
  return pick(resolved) ? { value: change(value), paths: [at.slice(1)] } : { value, paths: [] };
}
