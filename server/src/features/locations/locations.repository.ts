import type { Language } from '@roam/contract/languages';
import type { CountryWithLocations, Location } from '@roam/contract/locations';
import type { OpeningHours } from '@roam/contract/opening-hours';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { countries, locations } from '#server/db/schema.ts';

const parents = alias(locations, 'parent');

/** A name in `language`, English when that translation is missing. */
const nameIn = (names: Record<string, string>, language: Language) => names[language] ?? names.en ?? '';

type LocationRow = {
  id: string;
  names: Record<string, string>;
  kind: string;
  countryId: string;
  countryCode: string;
  countryNames: Record<string, string>;
  parentId: string | null;
  parentNames: Record<string, string> | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  openingHours: OpeningHours | null;
};

function toLocation(row: LocationRow, language: Language): Location {
  return {
    _id: row.id,
    name: nameIn(row.names, language),
    kind: row.kind,
    countryId: row.countryId,
    countryCode: row.countryCode,
    countryName: nameIn(row.countryNames, language),
    parentId: row.parentId,
    parentName: row.parentNames ? nameIn(row.parentNames, language) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    openingHours: row.openingHours,
  };
}

function selectLocations(db: DbOrTx) {
  return db
    .select({
      id: locations.id,
      names: locations.names,
      kind: locations.kind,
      countryId: locations.countryId,
      countryCode: countries.code,
      countryNames: countries.names,
      parentId: locations.parentId,
      parentNames: parents.names,
      latitude: locations.latitude,
      longitude: locations.longitude,
      timeZone: locations.timeZone,
      openingHours: locations.openingHours,
    })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .leftJoin(parents, eq(parents.id, locations.parentId));
}

const byName = (language: Language) => (a: Location, b: Location) =>
  a.name.localeCompare(b.name, language === 'se' ? 'sv' : language) || a._id.localeCompare(b._id);

/**
 * Every location whose name in `language` (or its parent's name: "par" finds the Paris airports) contains `q`,
 * case- and accent-insensitively; all of them when `q` is empty. There are a few hundred at most, so the matching
 * runs here where accents can be folded the same way on PGlite and PostgreSQL.
 */
export async function listLocations(db: DbOrTx, language: Language, q?: string): Promise<Location[]> {
  const rows = await selectLocations(db);
  const all = rows.map((row) => toLocation(row, language));
  const needle = fold(q ?? '');
  const matches = needle
    ? all.filter((location) => fold(location.name).includes(needle) || fold(location.parentName ?? '').includes(needle))
    : all;
  // Names that start with the query first, then alphabetical.
  return matches.sort((a, b) => {
    if (needle) {
      const starts = Number(fold(b.name).startsWith(needle)) - Number(fold(a.name).startsWith(needle));
      if (starts !== 0) return starts;
    }
    return byName(language)(a, b);
  });
}

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export async function findLocation(db: DbOrTx, id: string, language: Language): Promise<Location | null> {
  const [row] = await selectLocations(db).where(eq(locations.id, id));
  return row ? toLocation(row, language) : null;
}

export async function countriesWithLocations(db: DbOrTx, language: Language): Promise<CountryWithLocations[]> {
  const [countryRows, all] = await readTogether(db, [
    () => db.select().from(countries),
    () => listLocations(db, language),
  ]);
  return countryRows
    .map((country) => ({
      _id: country.id,
      code: country.code,
      name: nameIn(country.names, language),
      locations: all.filter((location) => location.countryId === country.id),
    }))
    .filter((country) => country.locations.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, language === 'se' ? 'sv' : language));
}
