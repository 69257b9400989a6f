import type { AuditHistory } from '@roam/contract/audit';
import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { screenTests } from '#web/test-utils';
import { OPERATOR_CLIO, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The console's screens are lazy chunks that compile on first use (as car-editor-screen.test.tsx waits for them).
const FIRST_PAINT = { timeout: 20_000 };

const PARIS_ID = '9f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const LYON_ID = '8e0d1c2b-3a49-4857-9665-b4a3c2d1e0f9';
const PAGE: AuditHistory = {
  totalCount: 2,
  baseCurrency: 'EUR',
  names: { [PARIS_ID]: 'Paris Charles de Gaulle Airport', [LYON_ID]: 'Lyon Saint-Exupéry Airport' },
  results: [
    {
      _id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      at: '2026-11-20T10:00:00.000Z',
      actor: {
        _id: SUPPLIER._id,
        fullName: SUPPLIER.fullName,
        type: 'supplier',
        role: 'owner',
        business: { _id: SUPPLIER._id, name: SUPPLIER.fullName },
      },
      entity: 'car',
      entityId: OPERATOR_CLIO._id,
      action: 'update',
      changes: {
        licensePlate: { before: 'AB-123-CD', after: 'EF-456-GH' },
        dailyPrice: { before: 4000, after: 4500 },
        fullInsurance: { before: -1, after: 900 },
        somethingNew: { before: 1, after: 2 },
      },
      clocks: { car: 'Europe/Paris', pickup: null, dropoff: null },
      currency: null,
    },
    {
      _id: '1d2e3f4a-5b6c-4d7e-8f90-91a2b3c4d5e6',
      at: '2026-11-19T10:00:00.000Z',
      actor: {
        _id: SUPPLIER._id,
        fullName: SUPPLIER.fullName,
        type: 'supplier',
        role: 'owner',
        business: { _id: SUPPLIER._id, name: SUPPLIER.fullName },
      },
      entity: 'car',
      entityId: OPERATOR_CLIO._id,
      action: 'update',
      changes: {
        range: { before: 'mini', after: 'midi' },
        locationIds: { before: [PARIS_ID], after: [PARIS_ID, LYON_ID] },
        mileage: { before: 250, after: -1 },
        aircon: { before: false, after: true },
      },
      clocks: { car: 'Europe/Paris', pickup: null, dropoff: null },
      currency: null,
    },
  ],
};

function rowHeaders() {
  const [table] = screen.getAllByRole('table');
  return within(table!)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

/** Each changed field's row: its label, the value before and after, as shown. */
function rows() {
  return screen.getAllByRole('table').flatMap((table) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  );
}

describe("the car's history", () => {
  afterAll(() => changeLanguage('en', { save: false }));

  it.each([
    ['en', ['Licence plate', 'Daily price', 'Full insurance', 'somethingNew']],
    ['fr', ['Plaque d’immatriculation', 'Prix par jour', 'Assurance tous risques', 'somethingNew']],
    ['de', ['Kennzeichen', 'Tagespreis', 'Vollversicherung', 'somethingNew']],
  ])('names each changed field as the editor labels it, in %s', async (language, labels) => {
    await changeLanguage(language as 'en' | 'fr' | 'de', { save: false });
    renderOperator(`/operator/cars/${OPERATOR_CLIO._id}/history`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      [`GET /api/car-audit/${OPERATOR_CLIO._id}/1/20`]: () => Response.json(PAGE),
    });
    await screen.findAllByRole('table', {}, FIRST_PAINT);
    // A field the editor has no label for keeps its key rather than showing nothing.
    expect(rowHeaders()).toEqual(labels);
  });

  it('names the person who changed it, their role and business', async () => {
    await changeLanguage('en', { save: false });
    const manager = {
      ...PAGE.results[0]!,
      actor: { ...PAGE.results[0]!.actor!, fullName: 'Morgan Moreau', role: 'manager' as const },
    };
    renderOperator(`/operator/cars/${OPERATOR_CLIO._id}/history`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      [`GET /api/car-audit/${OPERATOR_CLIO._id}/1/20`]: () => Response.json({ ...PAGE, results: [manager] }),
    });
    await screen.findByRole('table', {}, FIRST_PAINT);
    expect(screen.getByText(/Morgan Moreau \(Manager, Azur Coast Rentals\)/)).toBeTruthy();
  });

  it('shows each value as the editor does: money, labels, names and words, never codes, ids or minor units', async () => {
    await changeLanguage('en', { save: false });
    renderOperator(`/operator/cars/${OPERATOR_CLIO._id}/history`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      [`GET /api/car-audit/${OPERATOR_CLIO._id}/1/20`]: () => Response.json(PAGE),
    });
    await screen.findAllByRole('table', {}, FIRST_PAINT);
    expect(rows()).toEqual([
      ['Licence plate', 'AB-123-CD', 'EF-456-GH'],
      ['Daily price', '40 €', '45 €'],
      ['Full insurance', 'Unavailable', '9 €'],
      ['somethingNew', '1', '2'],
      ['Range', 'Car', 'SUV'],
      ['Places', 'Paris Charles de Gaulle Airport', 'Paris Charles de Gaulle Airport, Lyon Saint-Exupéry Airport'],
      ['Mileage limit (km)', '250 km', 'Unlimited'],
      ['Air conditioning', 'No', 'Yes'],
    ]);
    expect(document.body.textContent).not.toContain(PARIS_ID);
  });
});
