import type { Language } from '@roam/contract/languages';
import type { CountryWithLocations, Location } from '@roam/contract/locations';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './locations.repository.ts';

/** Locations (child locations included) whose name in `language` contains `q`; all when `q` is empty. */
export function listLocations(ctx: AppContext, language: Language, q?: string): Promise<Location[]> {
  return repository.listLocations(ctx.db, language, q);
}

export async function getLocation(ctx: AppContext, id: string, language: Language): Promise<Location> {
  const location = await repository.findLocation(ctx.db, id, language);
  if (!location) throw new AppError('NOT_FOUND', 'Location not found');
  return location;
}

/** Countries with their locations (destinations by country). */
export function countriesWithLocations(ctx: AppContext, language: Language): Promise<CountryWithLocations[]> {
  return repository.countriesWithLocations(ctx.db, language);
}
