import type { CarSort, CarSpec, SeatsFilter } from '@roam/contract/cars';
import type { CarOption, CarRange, FuelPolicy, FuelType, Gearbox, MileageKind } from '@roam/contract/enums';

// The enum values as plain arrays: the contract's zod enums would pull zod into the screen chunks (ARCHITECTURE §7).

export const CAR_RANGES = [
  'mini',
  'midi',
  'maxi',
  'scooter',
  'bus',
  'truck',
  'caravan',
] as const satisfies readonly CarRange[];
export const FUEL_TYPES = [
  'diesel',
  'gasoline',
  'electric',
  'hybrid',
  'plugInHybrid',
  'unknown',
] as const satisfies readonly FuelType[];
export const GEARBOXES = ['manual', 'automatic'] as const satisfies readonly Gearbox[];
export const FUEL_POLICIES = [
  'likeForlike',
  'freeTank',
  'fullToFull',
  'FullToEmpty',
] as const satisfies readonly FuelPolicy[];
export const CAR_OPTIONS = [
  'touchscreen',
  'bluetooth',
  'androidAuto',
  'appleCarPlay',
] as const satisfies readonly CarOption[];
export const MILEAGE_KINDS = ['limited', 'unlimited'] as const satisfies readonly MileageKind[];
export const CAR_SPECS = ['aircon', 'doors4plus', 'seats5plus'] as const satisfies readonly CarSpec[];
export const SEATS_FILTERS = ['2', '4', '5', '5+'] as const satisfies readonly SeatsFilter[];
export const CAR_SORTS = ['priceAsc', 'priceDesc', 'rating'] as const satisfies readonly CarSort[];
/** Spec §9 deposit filter thresholds, in EUR; shown converted to the display currency. */
export const DEPOSIT_THRESHOLDS = [250, 500, 750] as const;
/** Spec §2 rating filter: 1, 2, 3, 4 and up. */
export const MIN_RATINGS = [1, 2, 3, 4] as const;
