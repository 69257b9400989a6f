import { CAR_OPTIONS, CAR_RANGES, FUEL_POLICIES, FUEL_TYPES, GEARBOXES } from '@roam/contract/cars';
import { CAR_AVAILABILITIES } from '@roam/contract/fleet';
import type { CarCsvColumn } from '@roam/contract/fleet-import';
import { LANGUAGES, type Language } from '@roam/contract/languages';
import { EXTRAS, RATE_FIELDS } from '@roam/contract/price';
import { CAR_WORDS, type CarWords } from '#server/i18n/car-words.ts';

// The fleet CSV in the operator's words (docs/translations.md): a column may be headed by the editor's label and an
// enumerated cell written as its label, in any of the five languages, as well as by the codes the export writes.
// Labels are compared folded (case, accents, spaces, dashes and soft hyphens ignored); a label two values share
// (across languages) names neither, and a header is matched in the reader's language first ("Places" is the seats in
// French and the places in English).

/** 'Électrique', 'electrique', 'ELECTRIQUE' → 'electrique'; 'Plug-in-Hybrid' and 'Plug-in hybrid' alike. */
export const foldLabel = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/licence/g, 'license')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The enumerated columns, their codes, and where their labels are in the editor's words. */
const ENUMS = {
  range: { codes: CAR_RANGES, labels: (w: CarWords) => w.range },
  fuelType: { codes: FUEL_TYPES, labels: (w: CarWords) => w.fuelType },
  gearbox: { codes: GEARBOXES, labels: (w: CarWords) => w.gearbox },
  fuelPolicy: { codes: FUEL_POLICIES, labels: (w: CarWords) => w.fuelPolicy },
  availability: { codes: CAR_AVAILABILITIES, labels: (w: CarWords) => w.availability },
  multimedia: { codes: CAR_OPTIONS, labels: (w: CarWords) => w.option },
} as const;
export type EnumColumn = keyof typeof ENUMS;
export const ENUM_COLUMNS = Object.keys(ENUMS) as EnumColumn[];

/** folded word → value; null when two values share it. */
function lookup<Value>(entries: [string, Value][]): Map<string, Value | null> {
  const map = new Map<string, Value | null>();
  for (const [word, value] of entries) {
    const key = foldLabel(word);
    if (key === '') continue;
    const seen = map.get(key);
    map.set(key, seen === undefined || seen === value ? value : null);
  }
  return map;
}

const ENUM_LOOKUP = Object.fromEntries(
  ENUM_COLUMNS.map((column) => {
    const { codes, labels } = ENUMS[column];
    const byCode = codes.map((code): [string, string] => [code, code]);
    const byLabel = LANGUAGES.flatMap((language) =>
      codes.map((code): [string, string] => [
        (labels(CAR_WORDS[language]) as Record<string, string>)[code] ?? code,
        code,
      ]),
    );
    // A code is always itself, whatever a label of another value folds to.
    const map = lookup([...byLabel]);
    for (const [code] of byCode) map.set(foldLabel(code), code);
    return [column, map];
  }),
) as Record<EnumColumn, Map<string, string | null>>;

/** The code of an enumerated cell written as its code or its label in any language; null when it is neither. */
export function enumCode(column: EnumColumn, cell: string): string | null {
  return ENUM_LOOKUP[column].get(foldLabel(cell)) ?? null;
}

const YES_NO = lookup<boolean>([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
  // Spanish writes "sí" and "no" in a sheet, whatever its screens' longer "No tiene".
  ['no', false],
  ...LANGUAGES.flatMap((language): [string, boolean][] => [
    [CAR_WORDS[language].yes, true],
    [CAR_WORDS[language].no, false],
  ]),
]);

/** true / false for a cell written as yes or no in any of the five languages, true/false or 1/0; else null. */
export function yesNo(cell: string): boolean | null {
  return YES_NO.get(foldLabel(cell)) ?? null;
}

/** The editor's label of each column in `language` (web console/lib/field-labels.ts, the same keys). */
export function columnLabels(language: Language): Record<CarCsvColumn, string> {
  const w = CAR_WORDS[language];
  const f = w.fields;
  return {
    name: f.name,
    licensePlate: f.licensePlate,
    range: f.range,
    fuelType: f.fuelType,
    gearbox: f.gearbox,
    seats: f.seats,
    doors: f.doors,
    aircon: w.aircon,
    mileage: f.mileage,
    fuelPolicy: f.fuelPolicy,
    multimedia: f.options,
    deposit: f.deposit,
    minimumAge: f.minimumAge,
    co2: f.co2,
    locationIds: f.places,
    isDateBasedPrice: f.isDateBasedPrice,
    dateBasedPrices: w.datePrices,
    availability: f.availability,
    fullyBooked: f.fullyBooked,
    ...(Object.fromEntries(RATE_FIELDS.map((rate) => [rate, w.rates[rate]])) as Record<
      (typeof RATE_FIELDS)[number],
      string
    >),
    ...(Object.fromEntries(EXTRAS.map((extra) => [extra, w.extra[extra]])) as Record<(typeof EXTRAS)[number], string>),
  };
}

/**
 * The columns whose label (in `language` first, then in a language where the label names one column only) heads a
 * header of the file, for the columns `known` leaves unmapped; a header already mapped is not taken twice.
 */
export function mappingByLabel(
  headers: string[],
  known: Partial<Record<CarCsvColumn, string>>,
  language: Language,
): Partial<Record<CarCsvColumn, string>> {
  const mapping = { ...known };
  const taken = new Set(Object.values(mapping));
  const match = (labels: Map<string, CarCsvColumn | null>) => {
    for (const header of headers) {
      if (taken.has(header)) continue;
      const column = labels.get(foldLabel(header));
      if (!column || mapping[column] !== undefined) continue;
      mapping[column] = header;
      taken.add(header);
    }
  };
  const entries = (of: Language) =>
    Object.entries(columnLabels(of)).map(([c, label]): [string, CarCsvColumn] => [label, c as CarCsvColumn]);
  match(lookup(entries(language)));
  match(lookup(LANGUAGES.filter((other) => other !== language).flatMap(entries)));
  return mapping;
}
