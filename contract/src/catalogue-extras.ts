import type { z } from 'zod';
import type {
  CatalogueExtraFieldsSchema,
  CatalogueExtraSchema,
  ChosenCatalogueExtrasSchema,
  OfferedCatalogueExtraSchema,
} from './catalogue-extras.schema.ts';
import type { Language } from './languages.ts';
import type { PriceExtraLines, PriceLine } from './price.ts';

// The business's own extras (docs/architecture.md §5 "Catalogue extras"): beside the spec's six (which keep their
// wire format), each business lists what else it sells with a car — a child seat, a GPS, snow chains, a cleaning
// fee — named in the five languages, priced per rental or per day (a daily price may stop at a maximum per rental),
// bought in a quantity, from a stock per location when it has one, and mandatory or not. A booking keeps each one it
// bought, with its quantity, in its terms (booked-terms.ts), and the one price engine (price.ts `calculatePrice`)
// makes a line of each with the same rule as the six: the supplier's percentage in the unit, unit × quantity = line.

export const CATALOGUE_EXTRA_CHARGES = ['perRental', 'perDay'] as const;
/** Charged once per rental, or per rental day. */
export type CatalogueExtraCharge = (typeof CATALOGUE_EXTRA_CHARGES)[number];

/** The most of one extra a booking may take, and the most of a stock a location may keep. */
export const MAX_EXTRA_QUANTITY = 10;
export const MAX_EXTRA_STOCK = 10_000;

/** An extra's terms as a booking bought it: its price as it stood, and how many. */
export interface BookedCatalogueExtra {
  id: string;
  names: Record<Language, string>;
  charge: CatalogueExtraCharge;
  /** Minor units of the base currency, without the supplier's percentage (as a car's prices are). */
  price: number;
  /** A per-day extra's most per rental (for one of it), without the percentage; null: none. */
  maxPerRental: number | null;
  quantity: number;
  mandatory: boolean;
}

/**
 * An extra's line: per rental, its price × its quantity; per day, its daily price × quantity × days — or, when
 * that is more, its maximum per rental × quantity (never more for fewer days holds: the line only grows with the
 * days). `withPercentage` is price.ts `withPriceChange` at the supplier's rate, so the unit is what the label shows.
 * Returns the line and what it is of the supplier's own prices (the breakdown's `priceChange`).
 */
export function catalogueExtraLine(
  extra: BookedCatalogueExtra,
  days: number,
  withPercentage: (amount: number) => number,
): { line: PriceLine; own: number } {
  const base = { item: 'catalogueExtra' as const, extraId: extra.id, names: extra.names };
  const daily = withPercentage(extra.price);
  if (extra.charge === 'perRental') {
    const line = { ...base, unit: daily, quantity: extra.quantity, amount: daily * extra.quantity };
    return { line, own: extra.price * extra.quantity };
  }
  if (extra.maxPerRental !== null && daily * days > withPercentage(extra.maxPerRental)) {
    const unit = withPercentage(extra.maxPerRental);
    return {
      line: { ...base, unit, quantity: extra.quantity, amount: unit * extra.quantity },
      own: extra.maxPerRental * extra.quantity,
    };
  }
  const quantity = extra.quantity * days;
  return { line: { ...base, unit: daily, quantity, amount: daily * quantity }, own: extra.price * quantity };
}

/** A catalogue extra as a car offers it: to all the business's cars, or to the cars and ranges it names. */
export function offeredTo(
  extra: { carIds: readonly string[]; ranges: readonly string[] },
  car: { id: string; range: string },
): boolean {
  if (extra.carIds.length === 0 && extra.ranges.length === 0) return true;
  return extra.carIds.includes(car.id) || extra.ranges.includes(car.range);
}

/** The refusals checkout and the walk-in answer, with the field they belong to (`catalogueExtras`). */
export const CATALOGUE_EXTRA_MESSAGES = {
  notOffered: 'This extra is not offered with this car.',
  soldOut: 'This extra is sold out for these dates at this location.',
  tooMany: (most: number) => `You can take at most ${most} of this extra.`,
  maxBelowPrice: 'The maximum per rental must be more than the price per day.',
} as const;

export type CatalogueExtra = z.infer<typeof CatalogueExtraSchema>;
export type CatalogueExtraFields = z.input<typeof CatalogueExtraFieldsSchema>;
export type OfferedCatalogueExtra = z.infer<typeof OfferedCatalogueExtraSchema>;
export type ChosenCatalogueExtra = z.infer<typeof ChosenCatalogueExtrasSchema>[number];

/** A line's name in `language` when it is a catalogue extra's (the receipt, agreement and invoice print it). */
export const catalogueExtraName = (line: { names?: Record<Language, string> }, language: Language): string =>
  line.names?.[language] || line.names?.en || '';

/**
 * The lines of the catalogue extras bought, for the one price engine (price.ts `calculatePrice`, its
 * `catalogueExtras`): after the chosen spec extras, before the places' fees, the fees by rule and a promo code's
 * discount (which so takes them in). A function the engine calls, so that no customer screen without these extras
 * carries their code (bench/README.md). Undefined when none is bought.
 */
export function catalogueExtraLines(extras: readonly BookedCatalogueExtra[] | undefined): PriceExtraLines | undefined {
  if (!extras?.length) return undefined;
  return (days, withPercentage) => {
    const lines: PriceLine[] = [];
    let own = 0;
    for (const extra of extras) {
      const priced = catalogueExtraLine(extra, days, withPercentage);
      lines.push(priced.line);
      own += priced.own;
    }
    return { lines, own };
  };
}
