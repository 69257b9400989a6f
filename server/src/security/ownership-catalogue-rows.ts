import type { Db } from '#server/db/client.ts';
import { catalogueExtras } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { type Expected, everyone, OPERATOR, type Row } from './ownership-matrix.ts';

// The business's own extras in the ownership and role matrices (docs/architecture.md §5 "Catalogue extras"): Azur
// Coast's extra is its team's and the admin's; another business's team gets 404 (it does not exist for them), a
// driver 403. What a car offers is public.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const names = { en: 'Child seat', fr: 'Siège enfant', es: 'Silla infantil', se: 'Barnstol', de: 'Kindersitz' };
const fields = { names, charge: 'perDay', price: 700, maxPerRental: null, maxQuantity: 1, mandatory: false };

/** A new extra: a supplier's is its own; naming another business is refused (403). */
const CREATED: Expected = { ...OPERATOR, otherSupplier: 403, operatingSupplier: 201, admin: 201 };

export function catalogueRows(db: () => Db): Row[] {
  /** An extra of Azur Coast's of its own, for a call that changes or deletes it. */
  const freshExtra = async () => {
    const [row] = await db()
      .insert(catalogueExtras)
      .values({ supplierId: AZUR, names, charge: 'perDay', price: 700 })
      .returning({ id: catalogueExtras.id });
    return row!.id;
  };
  return [
    {
      call: 'POST /api/create-catalogue-extra',
      expected: CREATED,
      request: () => ({ method: 'POST', url: '/api/create-catalogue-extra', payload: { ...fields, supplierId: AZUR } }),
    },
    {
      call: 'PUT /api/update-catalogue-extra/{id}',
      expected: OPERATOR,
      request: async () => ({
        method: 'PUT',
        url: `/api/update-catalogue-extra/${await freshExtra()}`,
        payload: fields,
      }),
    },
    {
      call: 'DELETE /api/delete-catalogue-extra/{id}',
      expected: OPERATOR,
      request: async () => ({ method: 'DELETE', url: `/api/delete-catalogue-extra/${await freshExtra()}` }),
    },
  ];
}

/** What a car offers: public, for everyone (ownership matrix only: it is no operator's call). */
export const publicCatalogueRow: Row = {
  call: 'GET /api/car-catalogue-extras/{id}',
  expected: everyone(200),
  request: () => ({
    method: 'GET',
    url: `/api/car-catalogue-extras/${DEMO_IDS.cars.clio}?locationId=${DEMO_IDS.locations.parisCdg}&pickupAt=2027-03-01T09:00:00Z&dropoffAt=2027-03-04T09:00:00Z`,
  }),
};

/** A car's fees by rule between two places: public, for everyone (the business's rules, nothing of a driver). */
export const publicFeeQuoteRow: Row = {
  call: 'GET /api/car-rental-fees/{id}',
  expected: everyone(200),
  request: () => ({
    method: 'GET',
    url: `/api/car-rental-fees/${DEMO_IDS.cars.clio}?pickupLocationId=${DEMO_IDS.locations.parisCdg}&dropoffLocationId=${DEMO_IDS.locations.parisCdg}`,
  }),
};
