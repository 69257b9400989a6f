import { FLEET_MESSAGES } from '@roam/contract/fleet';
import { LANGUAGES, type Language } from '@roam/contract/languages';
import {
  LOCATIONS_IMPORT_MESSAGES,
  type LocationsImportReport,
  PLACE_CSV_COLUMNS,
  type PlaceCsvColumn,
} from '@roam/contract/locations';
import {
  CreateCountryBodySchema,
  CreateLocationBodySchema,
  LocationMappingSchema,
  UpdateLocationBodySchema,
} from '@roam/contract/locations.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { cellReader, invalidRows, readCsv, readMapping } from '#server/lib/csv-import.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import type { ImportUpload } from '#server/plugins/uploads.ts';
import * as repository from './locations-admin.repository.ts';

// Places import: one CSV row per location with its country, read with the fleet import's pieces
// (lib/csv-import.ts), checked with the places editor's schemas, written all-or-nothing in one transaction, each
// place audited as the editor audits it. A country is found by its code, a location by its English name within its
// country: those rows update (only the cells given), the others create. The location's parent is not imported.

type Actor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;
type Names = Partial<Record<Language, string>>;

const suffix = (language: Language) => `${language[0]!.toUpperCase()}${language[1]}`;
const COUNTRY_COLUMN = Object.fromEntries(LANGUAGES.map((l) => [l, `country${suffix(l)}`])) as Record<
  Language,
  PlaceCsvColumn
>;
const NAME_COLUMN = Object.fromEntries(LANGUAGES.map((l) => [l, `name${suffix(l)}`])) as Record<
  Language,
  PlaceCsvColumn
>;
/** A schema's issue path → the file's column it came from. */
const columnOf = (path: PropertyKey[], countryPath: boolean): string => {
  const [head, language] = path.map(String);
  if (head === 'names' && language) return (countryPath ? COUNTRY_COLUMN : NAME_COLUMN)[language as Language];
  if (head === 'code') return 'countryCode';
  return head ?? 'file';
};
/** Stands in for a country the file creates, when its locations are checked (its id is known at the write). */
const NEW_COUNTRY = '00000000-0000-4000-8000-000000000000';

type Write =
  | { kind: 'createCountry'; body: z.output<typeof CreateCountryBodySchema> }
  | { kind: 'updateCountry'; id: string; before: { code: string; names: Names }; names: Names }
  | { kind: 'createLocation'; code: string; body: z.output<typeof CreateLocationBodySchema> }
  | { kind: 'updateLocation'; id: string; body: z.output<typeof UpdateLocationBodySchema> };

export async function importLocations(
  ctx: AppContext,
  actor: Actor,
  upload: Pick<ImportUpload, 'bytes' | 'mapping'>,
  write: boolean,
): Promise<LocationsImportReport> {
  const { headers, records, encoding } = await readCsv(upload.bytes, LOCATIONS_IMPORT_MESSAGES.noRows);
  const mapping = readMapping(upload.mapping, headers, PLACE_CSV_COLUMNS, LocationMappingSchema);
  const cellOf = cellReader(headers, mapping);
  const { countryRows, locationRows } = await repository.allLocations(ctx.db);
  const countries = new Map(countryRows.map((row) => [row.code, row]));
  const locationKey = (countryId: string, english: string) => `${countryId}|${english.trim().toLowerCase()}`;
  const locations = new Map(
    locationRows.map((row) => [locationKey(row.countryId, (row.names as Names).en ?? ''), row]),
  );
  const created = new Map<string, number>();
  const seen = new Map<string, number>();
  const writes: Write[] = [];

  const rows = records.map(({ cells, line }) => {
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    const cell = (column: PlaceCsvColumn) => cellOf(cells, column)?.trim() || undefined;
    const namesOf = (columns: Record<Language, PlaceCsvColumn>): Names =>
      Object.fromEntries(LANGUAGES.flatMap((l) => (cell(columns[l]) ? [[l, cell(columns[l])]] : [])));
    const code = (cell('countryCode') ?? '').toUpperCase();
    const english = cell('nameEn') ?? '';
    const rowWrites: Write[] = [];

    // The country: found by code, or created by the first row naming it (in all five languages).
    const country = countries.get(code);
    const countryNames = namesOf(COUNTRY_COLUMN);
    if (country) {
      const before = { code: country.code, names: country.names as Names };
      if (Object.entries(countryNames).some(([l, name]) => before.names[l as Language] !== name))
        rowWrites.push({ kind: 'updateCountry', id: country.id, before, names: countryNames });
    } else if (!created.has(code)) {
      const parsed = CreateCountryBodySchema.safeParse({ code, names: countryNames });
      if (parsed.success) {
        rowWrites.push({ kind: 'createCountry', body: parsed.data });
        created.set(code, line);
      } else
        for (const issue of parsed.error.issues) {
          const column = columnOf(issue.path, true);
          add(column, cell(column as PlaceCsvColumn) === undefined ? FLEET_MESSAGES.required(column) : issue.message);
        }
    }

    // The location: its English name within the country.
    const number = (column: 'latitude' | 'longitude') => {
      const text = cell(column);
      if (text === undefined) return undefined;
      const value = Number(text.replace(',', '.'));
      if (Number.isNaN(value)) add(column, LOCATIONS_IMPORT_MESSAGES.notNumber);
      return value;
    };
    const fields = {
      kind: cell('kind'),
      address: cellOf(cells, 'address') === undefined ? undefined : (cell('address') ?? null),
      latitude: number('latitude'),
      longitude: number('longitude'),
      timeZone: cell('timeZone'),
    };
    const existing = country ? locations.get(locationKey(country.id, english)) : undefined;
    const key = `${code}|${english.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined && english) add('nameEn', LOCATIONS_IMPORT_MESSAGES.duplicate(first));
    else seen.set(key, line);
    if (existing) {
      const parsed = UpdateLocationBodySchema.safeParse({ _id: existing.id, names: namesOf(NAME_COLUMN), ...fields });
      if (parsed.success) rowWrites.push({ kind: 'updateLocation', id: existing.id, body: parsed.data });
      else for (const issue of parsed.error.issues) add(columnOf(issue.path, false), issue.message);
    } else {
      const parsed = CreateLocationBodySchema.safeParse({
        countryId: country?.id ?? NEW_COUNTRY,
        parentId: null,
        names: namesOf(NAME_COLUMN),
        ...fields,
        address: fields.address ?? null,
      });
      if (parsed.success) rowWrites.push({ kind: 'createLocation', code, body: parsed.data });
      else
        for (const issue of parsed.error.issues) {
          // A cell left empty on a new place names its column, as the car import does.
          const column = columnOf(issue.path, false);
          add(column, cell(column as PlaceCsvColumn) === undefined ? FLEET_MESSAGES.required(column) : issue.message);
        }
    }
    if (Object.keys(errors).length === 0) writes.push(...rowWrites);
    return {
      line,
      name: english,
      countryCode: code,
      action: existing ? ('update' as const) : ('create' as const),
      errors,
    };
  });

  const valid = rows.every((row) => Object.keys(row.errors).length === 0);
  const report = (imported: boolean): LocationsImportReport => ({ headers, mapping, rows, valid, imported, encoding });
  if (!write) return report(false);
  if (!valid) throw invalidRows(rows);
  await ctx.db.transaction(async (tx) => {
    const countryIds = new Map(countryRows.map((row) => [row.code, row.id]));
    for (const change of writes) {
      if (change.kind === 'createCountry') {
        const row = await repository.insertCountry(tx, change.body);
        countryIds.set(row.code, row.id);
        const changes = changesBetween(null, change.body);
        await recordAudit(ctx, tx, actor, { entity: 'country', entityId: row.id, action: 'create', changes });
      } else if (change.kind === 'updateCountry') {
        const after = { code: change.before.code, names: { ...change.before.names, ...change.names } };
        const changes = changesBetween(change.before, after);
        if (Object.keys(changes).length === 0) continue;
        await repository.updateCountry(tx, change.id, after as { code: string; names: Required<Names> });
        await recordAudit(ctx, tx, actor, { entity: 'country', entityId: change.id, action: 'update', changes });
      } else if (change.kind === 'createLocation') {
        const body = { ...change.body, countryId: countryIds.get(change.code) as string };
        const row = await repository.insertLocation(tx, body);
        const changes = changesBetween(null, body);
        await recordAudit(ctx, tx, actor, { entity: 'location', entityId: row.id, action: 'create', changes });
      } else {
        const found = await repository.findLocation(tx, change.id);
        if (!found) continue;
        const { _id, names, ...sent } = change.body;
        const before = { ...found.row, names: found.row.names as Names };
        const values = {
          ...Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)),
          ...(names ? { names: { ...before.names, ...names } } : {}),
        };
        const pick = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(values).map((k) => [k, row[k]]));
        const changes = changesBetween(pick(before), values);
        if (Object.keys(changes).length === 0) continue;
        await repository.updateLocation(tx, change.id, values);
        await recordAudit(ctx, tx, actor, { entity: 'location', entityId: change.id, action: 'update', changes });
      }
    }
  });
  return report(true);
}
