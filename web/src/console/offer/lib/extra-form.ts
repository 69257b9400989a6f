import type { CatalogueExtra, CatalogueExtraCharge, CatalogueExtraFields } from '@roam/contract/catalogue-extras';
import { LANGUAGES, type Language } from '@roam/contract/languages';
import { minorFromText, textFromMinor } from '#web/console/lib/car-form';

// A catalogue extra as its form holds it (docs/architecture.md §5 "Catalogue extras"): prices typed in euros (kept in
// EUR minor units before the supplier's percentage, as a car's), numbers as typed, the stock as rows of a place and a
// quantity. The field names are the contract's, so its errors and the server's land on them.

export interface StockValues {
  locationId: string;
  quantity: string;
}

export type ExtraValues = {
  names: Record<Language, string>;
  charge: CatalogueExtraCharge;
  price: string;
  maxPerRental: string;
  maxQuantity: string;
  mandatory: boolean;
  carIds: readonly string[];
  ranges: readonly string[];
  stock: readonly StockValues[];
};

export const emptyExtraValues = (): ExtraValues => ({
  names: Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as Record<Language, string>,
  charge: 'perDay',
  price: '',
  maxPerRental: '',
  maxQuantity: '1',
  mandatory: false,
  carIds: [],
  ranges: [],
  stock: [],
});

export function extraValues(extra: CatalogueExtra, format: (value: number) => string): ExtraValues {
  return {
    names: { ...extra.names },
    charge: extra.charge,
    price: textFromMinor(extra.price, format),
    maxPerRental: textFromMinor(extra.maxPerRental, format),
    maxQuantity: String(extra.maxQuantity),
    mandatory: extra.mandatory,
    carIds: extra.carIds,
    ranges: extra.ranges,
    stock: extra.stock.map((row) => ({ locationId: row.locationId, quantity: String(row.quantity) })),
  };
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The schema's input: a maximum only for a price per day (a per-rental price has none). */
export function extraBody(values: ExtraValues): CatalogueExtraFields {
  return {
    names: { ...values.names },
    charge: values.charge,
    price: minorFromText(values.price) ?? Number.NaN,
    maxPerRental: values.charge === 'perDay' ? minorFromText(values.maxPerRental) : null,
    maxQuantity: whole(values.maxQuantity),
    mandatory: values.mandatory,
    carIds: [...values.carIds],
    ranges: [...values.ranges] as CatalogueExtraFields['ranges'],
    stock: values.stock.map((row) => ({ locationId: row.locationId, quantity: whole(row.quantity) })),
  };
}
