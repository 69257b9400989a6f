import type { Language } from '@roam/contract/languages';
import * as deCars from '../../../web/src/i18n/locales/de/cars.json';
import {
  fields as deFields,
  rates as deRates,
  sections as deSections,
} from '../../../web/src/i18n/locales/de/operatorCars.json';
import * as enCars from '../../../web/src/i18n/locales/en/cars.json';
import {
  fields as enFields,
  rates as enRates,
  sections as enSections,
} from '../../../web/src/i18n/locales/en/operatorCars.json';
import * as esCars from '../../../web/src/i18n/locales/es/cars.json';
import {
  fields as esFields,
  rates as esRates,
  sections as esSections,
} from '../../../web/src/i18n/locales/es/operatorCars.json';
import * as frCars from '../../../web/src/i18n/locales/fr/cars.json';
import {
  fields as frFields,
  rates as frRates,
  sections as frSections,
} from '../../../web/src/i18n/locales/fr/operatorCars.json';
import * as seCars from '../../../web/src/i18n/locales/se/cars.json';
import {
  fields as seFields,
  rates as seRates,
  sections as seSections,
} from '../../../web/src/i18n/locales/se/operatorCars.json';

// The car editor's words, as the screens write them, for the fleet CSV (docs/translations.md, "Words the screens and
// the messages share"): an operator's file may name a column by the editor's label ("Plaque d'immatriculation") and
// a value by its label ("Voiture", "oui"), in any of the five languages. One copy, the web's `cars` and
// `operatorCars` areas, so the file reads the words the editor shows.

type Cars = typeof enCars;
type Fields = typeof enFields;
type Rates = typeof enRates;
type Sections = typeof enSections;
export type CarWords = {
  range: Cars['range'];
  fuelType: Cars['fuelType'];
  gearbox: Cars['gearbox'];
  fuelPolicy: Cars['fuelPolicy'];
  option: Cars['option'];
  availability: Cars['availability'];
  extra: Cars['extra'];
  aircon: string;
  yes: string;
  no: string;
  fields: Fields;
  rates: Rates;
  /** The date-based prices' section title names that column. */
  datePrices: string;
};

const words = (cars: Cars, fields: Fields, rates: Rates, sections: Sections): CarWords => ({
  range: cars.range,
  fuelType: cars.fuelType,
  gearbox: cars.gearbox,
  fuelPolicy: cars.fuelPolicy,
  option: cars.option,
  availability: cars.availability,
  extra: cars.extra,
  aircon: cars.fact.aircon,
  yes: cars.yes,
  no: cars.no,
  fields,
  rates,
  datePrices: sections.datePrices,
});

export const CAR_WORDS: Readonly<Record<Language, CarWords>> = {
  en: words(enCars, enFields, enRates, enSections),
  fr: words(frCars, frFields, frRates, frSections),
  es: words(esCars, esFields, esRates, esSections),
  se: words(seCars, seFields, seRates, seSections),
  de: words(deCars, deFields, deRates, deSections),
};
