import type { catalogueExtraStock, catalogueExtras } from '../schema.ts';
import { SUPPLIERS } from './accounts.ts';
import { locationId } from './places.ts';
import { seedId } from './random.ts';

// The demo's own extras (docs/architecture.md §5 "Catalogue extras"), so a visitor sees each rule: Azur Coast's
// child seat with one in stock at Paris CDG (the second booking of an overlapping period finds it sold out), a GPS per
// day up to a maximum per rental, and a mandatory final cleaning of its campers (one range), once per rental.

const AZUR = SUPPLIERS.find((supplier) => supplier.key === 'azurCoast')!.id;
export const DEMO_EXTRA_IDS = {
  childSeat: seedId('extra:childSeat'),
  gps: seedId('extra:gps'),
  camperCleaning: seedId('extra:camperCleaning'),
};

export const DEMO_EXTRAS: (typeof catalogueExtras.$inferInsert)[] = [
  {
    id: DEMO_EXTRA_IDS.childSeat,
    supplierId: AZUR,
    names: { en: 'Child seat', fr: 'Siège enfant', es: 'Silla infantil', se: 'Barnstol', de: 'Kindersitz' },
    charge: 'perDay',
    price: 700,
    maxQuantity: 1,
  },
  {
    id: DEMO_EXTRA_IDS.gps,
    supplierId: AZUR,
    names: { en: 'GPS navigation', fr: 'GPS', es: 'Navegador GPS', se: 'GPS-navigator', de: 'Navigationsgerät' },
    charge: 'perDay',
    price: 500,
    maxPerRental: 2500,
    maxQuantity: 1,
  },
  {
    id: DEMO_EXTRA_IDS.camperCleaning,
    supplierId: AZUR,
    names: {
      en: 'Final cleaning',
      fr: 'Nettoyage final',
      es: 'Limpieza final',
      se: 'Slutstädning',
      de: 'Endreinigung',
    },
    charge: 'perRental',
    price: 4500,
    maxQuantity: 1,
    mandatory: true,
    ranges: ['caravan'],
  },
];

export const DEMO_EXTRA_STOCK: (typeof catalogueExtraStock.$inferInsert)[] = [
  { extraId: DEMO_EXTRA_IDS.childSeat, locationId: locationId('parisCdg'), quantity: 1 },
];
