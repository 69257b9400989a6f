import type { Language } from '@roam/contract/languages';
import { EXTRAS, type Extra, type PriceLine } from '@roam/contract/price';
import type { TFunction } from 'i18next';

/**
 * A price line's label (contract price.ts `PriceLine`): the rental with its days; a business's own extra by the name
 * its business gave it; the spec's extras by the car's words; the places' fees, the fees by rule and a promo code by
 * the checkout's. The checkout's summary and the walk-in's lines say them alike.
 */
export function priceLineLabel(t: TFunction, language: Language, line: PriceLine, rentalDays: number): string {
  if (line.item === 'rental') return t('checkout.price.rental', { count: rentalDays });
  if (line.item === 'catalogueExtra') return line.names?.[language] || line.names?.en || '';
  if ((EXTRAS as readonly string[]).includes(line.item)) return t(`cars.extra.${line.item as Extra}`);
  return t(`checkout.price.${line.item as Exclude<PriceLine['item'], 'rental' | 'catalogueExtra' | Extra>}`);
}
