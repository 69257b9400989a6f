import type { promoCodes } from '../schema.ts';
import { SUPPLIERS } from './accounts.ts';
import { seedId } from './random.ts';

// The demo's promo code (docs/architecture.md §5 "Promo codes"), so a visitor can apply one at checkout or at the
// walk-in: Azur Coast's RIVIERA10, 10 % off a rental of two days or more, once per customer, 500 uses in total.

const AZUR = SUPPLIERS.find((supplier) => supplier.key === 'azurCoast')!.id;

export const DEMO_PROMO_CODE = 'RIVIERA10';

export const DEMO_PROMO_CODES: (typeof promoCodes.$inferInsert)[] = [
  {
    id: seedId('promo:riviera10'),
    supplierId: AZUR,
    code: DEMO_PROMO_CODE,
    kind: 'percent',
    value: 10,
    minimumDays: 2,
    usageLimit: 500,
    perCustomerLimit: 1,
  },
];
