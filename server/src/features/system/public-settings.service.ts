import type { Settings } from '@roam/contract/settings';
import type { AppContext } from '#server/context.ts';
import { currentSettings } from '#server/features/booking-rules/booking-rules.service.ts';
import { bookableCarCount } from '#server/features/cars/cars.service.ts';
import { siteSettings } from '#server/features/site-settings/site-settings.service.ts';

/**
 * What `GET /api/settings` and index.html carry: the deployment's settings with the admin's booking rules and site
 * settings (name, contact e-mail, default language), and whether
 * a car can be booked (until one can, the home page and the search say "coming soon"). A module of its
 * own: the car search reads `currentSettings`, and this reads the car search's fleet.
 */
export async function publicSettings(ctx: AppContext): Promise<Settings> {
  const [settings, site, bookable] = await Promise.all([
    currentSettings(ctx),
    siteSettings(ctx),
    bookableCarCount(ctx),
  ]);
  return { ...settings, ...site, bookable: bookable > 0 };
}
