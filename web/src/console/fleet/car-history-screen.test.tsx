import type { AuditPage } from '@roam/contract/audit';
import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { screenTests } from '#web/test-utils';
import { OPERATOR_CLIO, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The console's screens are lazy chunks that compile on first use (as car-editor-screen.test.tsx waits for them).
const FIRST_PAINT = { timeout: 20_000 };

const PAGE: AuditPage = {
  totalCount: 1,
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
    },
  ],
};

function rowHeaders() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

describe("the car's history (issue #23)", () => {
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
    await screen.findByRole('table', {}, FIRST_PAINT);
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
});
