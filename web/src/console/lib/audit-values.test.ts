import type { AuditHistory, AuditHistoryEntry } from '@roam/contract/audit';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings } from '#web/i18n/index';
import operatorCars from '#web/i18n/locales/en/operatorCars.json';
import { readableChanges } from './audit-values';
import { fieldLabel } from './field-labels';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['cars']);
  i18next.addResourceBundle('en', 'translation', { operatorCars }, true, true);
});

const HISTORY: AuditHistory = { totalCount: 1, baseCurrency: 'EUR', names: {}, results: [] };

/** A booking's entry as the counter's services write it (server/src/features/counter/*.service.ts). */
const entry = (action: AuditHistoryEntry['action'], changes: AuditHistoryEntry['changes']): AuditHistoryEntry => ({
  _id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
  at: '2026-11-23T08:31:00.000Z',
  actor: null,
  entity: 'booking',
  entityId: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  action,
  changes,
  clocks: { car: 'Europe/Paris', pickup: 'Europe/Paris', dropoff: 'Europe/Paris' },
  currency: 'EUR',
});

/** The rows the history shows: the field's label, its value before and after. */
const rows = (changes: AuditHistoryEntry['changes'], action: AuditHistoryEntry['action'] = 'update') =>
  readableChanges(i18next.t, 'en', entry(action, changes), HISTORY).map((change) => [
    fieldLabel(i18next.t, change.field),
    change.before,
    change.after,
  ]);

describe('a booking\'s history at the counter (docs/architecture.md §5 "Readable history")', () => {
  it('reads a payment at the desk as its amount, the balance due as money, never an object or minor units', () => {
    const paid = rows(
      {
        payment: { before: null, after: { id: 'p1', method: 'cash', amount: 2200, currency: 'EUR' } },
        due: { before: 2200, after: 0 },
      },
      'counterPayment',
    );
    expect(paid).toEqual([
      ['Payment at the desk', '—', '22 €'],
      ['Balance due', '22 €', '0 €'],
    ]);
    // A walk-in's way to pay keeps its label.
    expect(rows({ payment: { before: null, after: 'link' } }, 'create')).toEqual([
      ['Payment at the desk', '—', 'Payment link'],
    ]);
  });

  it('reads the hand-over, the return, the deposit and the close with labels, kilometres and money', () => {
    const shown = [
      ...rows(
        {
          odometer: { before: null, after: 18234 },
          agreement: { before: null, after: { version: 1, sha256: 'b41db947031f'.padEnd(64, '0') } },
        },
        'checkOut',
      ),
      ...rows({ checkedInAt: { before: null, after: '2026-11-21T08:00:00.000Z' } }, 'checkIn'),
      ...rows({ charges: { before: null, after: { total: 4500, currency: 'EUR' } } }, 'return'),
      ...rows(
        { deposit: { before: null, after: { id: 'h1', method: 'cash', amount: 30000, currency: 'EUR' } } },
        'counterDeposit',
      ),
      ...rows({ excess: { before: 1500, after: 0 } }, 'counterRefund'),
      ...rows({ settled: { before: null, after: { total: 34500, paid: 34500, currency: 'EUR' } } }, 'close'),
    ];
    expect(shown).toEqual([
      ['Odometer', '—', '18,234 km'],
      ['Rental agreement', '—', 'Signed, version 1'],
      ['Checked in online', '—', 'Sat, Nov 21, 2026, 9:00 AM GMT+1'],
      ['Charges', '—', '45 €'],
      ['Security deposit', '—', '300 €'],
      ['Paid beyond the balance', '15 €', '0 €'],
      ['Settled', '—', '345 €'],
    ]);
    const text = shown.flat().join(' ');
    expect(text).not.toContain('[object Object]');
    expect(text).not.toMatch(/currency|total:|sha256|18234|4500/);
  });
});
