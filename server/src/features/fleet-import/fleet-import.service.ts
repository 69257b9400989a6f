import { type CarFields, carFieldIssues, FLEET_MESSAGES } from '@roam/contract/fleet';
import { CreateCarBodySchema } from '@roam/contract/fleet.schema';
import { CAR_CSV_COLUMNS, IMPORT_MESSAGES, type ImportReport, type ImportRow } from '@roam/contract/fleet-import';
import { ImportMappingSchema } from '@roam/contract/fleet-import.schema';
import { LANGUAGES } from '@roam/contract/languages';
import { LanguageSchema } from '@roam/contract/languages.schema';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import {
  fleetByPlate,
  fleetSupplier,
  inFleetTransaction,
  insertCheckedCar,
  knownPlaces,
  type Operator,
  updateCheckedCar,
} from '#server/features/fleet/fleet.service.ts';
import { listLocations } from '#server/features/locations/locations.service.ts';
import { cellReader, invalidRows, readCsv, readMapping } from '#server/lib/csv-import.ts';
import type { ImportUpload } from '#server/plugins/uploads.ts';
import { readCell, splitList } from './car.csv.ts';
import { mappingByLabel } from './car-labels.csv.ts';

// Fleet import: a CSV of cars, its headers mapped onto the editor's fields, checked row by row
// with the car editor's own rules (`CreateCarBodySchema`, `carFieldIssues`) and written all-or-nothing in one
// transaction, each car audited as the editor audits it. A row whose licence plate is a car of the supplier's fleet
// updates that car (only the mapped columns), so importing the same file twice changes nothing the second time.

/** Fields a new car must have (the others have defaults): an empty cell names the field. */
const REQUIRED = new Set<string>(
  Object.entries(CreateCarBodySchema.shape)
    .filter(([field, schema]) => field !== 'supplierId' && !schema.safeParse(undefined).success)
    .map(([field]) => field),
);
const isUuid = (text: string) => z.uuid().safeParse(text).success;
const plateOf = (cell: string | undefined) => {
  const parsed = CreateCarBodySchema.shape.licensePlate.safeParse(cell ?? '');
  return parsed.success ? parsed.data : null;
};

/** Place names (in any language, any case) → id; a name two places share names neither. */
async function placeNames(ctx: AppContext): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  for (const language of LANGUAGES) {
    for (const place of await listLocations(ctx, language)) {
      const key = place.name.trim().toLowerCase();
      const seen = names.get(key);
      names.set(key, seen === undefined || seen === place._id ? place._id : null);
    }
  }
  return names;
}

type CheckedRow = ImportRow & { fields: CarFields | null; carId: string | null; before: CarFields | null };

/** Every row checked; `write`: the cars written in one transaction when every row is valid (else 400, nothing). */
export async function importCars(
  ctx: AppContext,
  actor: Operator,
  upload: ImportUpload,
  write: boolean,
): Promise<ImportReport> {
  const supplierId = await fleetSupplier(ctx, actor, upload.supplierId ?? undefined);
  const { headers, records, encoding } = await readCsv(upload.bytes, IMPORT_MESSAGES.noRows);
  const read = readMapping(upload.mapping, headers, CAR_CSV_COLUMNS, ImportMappingSchema);
  // No mapping sent: the headers named as a column or headed by its label in the reader's language (then any).
  const language = LanguageSchema.catch('en').parse(upload.language ?? undefined);
  const mapping = upload.mapping?.trim() ? read : mappingByLabel(headers, read, language);
  const columns = CAR_CSV_COLUMNS.filter((column) => mapping[column] !== undefined).map((column) => ({
    column,
    index: headers.indexOf(mapping[column] as string),
  }));
  const cellOf = cellReader(headers, mapping);

  const plates = records.map((record) => plateOf(cellOf(record.cells, 'licensePlate')));
  const fleet = await fleetByPlate(
    ctx,
    supplierId,
    plates.filter((plate): plate is string => plate !== null),
  );
  const tokens = records.flatMap((record) => splitList(cellOf(record.cells, 'locationIds') ?? ''));
  const names = tokens.some((token) => !isUuid(token)) ? await placeNames(ctx) : new Map<string, string | null>();
  const placeId = (token: string) => (isUuid(token) ? token : (names.get(token.toLowerCase()) ?? null));
  const known = await knownPlaces(ctx, [...new Set(tokens.map(placeId).filter((id): id is string => id !== null))]);
  const firstLineOfPlate = new Map<string, number>();

  const rows: CheckedRow[] = records.map(({ cells, line }, index) => {
    const plate = plates[index] ?? null;
    const existing = plate ? fleet.byPlate.get(plate) : undefined;
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    const values: Record<string, unknown> = { ...(existing?.fields ?? {}) };
    for (const { column, index: at } of columns) {
      const read = readCell(column, cells[at] ?? '');
      if ('issue' in read) add(column, read.issue);
      else if (read.value !== undefined) values[column] = read.value;
    }
    if (Array.isArray(values.locationIds) && mapping.locationIds !== undefined) {
      const ids = (values.locationIds as string[]).map(placeId);
      if (ids.some((id) => id === null || !known.has(id))) add('locationIds', FLEET_MESSAGES.unknownLocation);
      values.locationIds = ids.filter((id): id is string => id !== null && known.has(id));
    }
    const parsed = CreateCarBodySchema.safeParse(values);
    if (parsed.success) {
      for (const [field, messages] of Object.entries(carFieldIssues(parsed.data)))
        for (const m of messages) add(field, m);
    } else {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        if (errors[field]) continue;
        add(field, values[field] === undefined && REQUIRED.has(field) ? FLEET_MESSAGES.required(field) : issue.message);
      }
    }
    if (plate) {
      const first = firstLineOfPlate.get(plate);
      if (first !== undefined) add('licensePlate', IMPORT_MESSAGES.duplicatePlate(first));
      else firstLineOfPlate.set(plate, line);
    }
    const valid = parsed.success && Object.keys(errors).length === 0;
    const { supplierId: _s, ...fields } = parsed.success ? parsed.data : { supplierId: undefined };
    return {
      line,
      name: typeof values.name === 'string' ? values.name : '',
      licensePlate: plate,
      action: existing ? 'update' : 'create',
      errors,
      fields: valid ? ({ ...fields, locationIds: [...(fields as CarFields).locationIds].sort() } as CarFields) : null,
      carId: existing?.id ?? null,
      before: existing?.fields ?? null,
    };
  });

  const valid = rows.every((row) => Object.keys(row.errors).length === 0);
  const report = (imported: boolean): ImportReport => ({
    headers,
    mapping,
    rows: rows.map(({ fields: _f, carId: _c, before: _b, ...row }) => row),
    valid,
    imported,
    encoding,
  });
  if (!write) return report(false);
  if (!valid) throw invalidRows(rows);
  await inFleetTransaction(ctx, async (tx) => {
    for (const row of rows) {
      if (!row.fields) continue;
      if (row.carId && row.before)
        await updateCheckedCar(ctx, tx, actor, { id: row.carId, supplierId }, row.before, row.fields);
      else await insertCheckedCar(ctx, tx, actor, supplierId, row.fields);
    }
  });
  return report(true);
}
