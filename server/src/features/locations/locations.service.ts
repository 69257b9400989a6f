import type { Language } from '@roam/contract/enums';
import type { Location } from '@roam/contract/locations';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { countriesWithLocations, findLocation, listLocations } from './locations.repository.ts';

export { countriesWithLocations, listLocations };

export async function getLocation(db: DbOrTx, id: string, language: Language): Promise<Location> {
  const location = await findLocation(db, id, language);
  if (!location) throw new AppError('NOT_FOUND', 'Location not found');
  return location;
}
