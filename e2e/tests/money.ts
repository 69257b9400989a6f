import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, ownPage } from './fixtures.ts';

// Amounts as the English interface writes them (spec §9: `1,234.56 kr`, `120 €`, `$1,234.50`), read back as minor
// units of a two-decimal currency with their symbol, so that journeys compare what a customer compares: the same
// amount in the same currency, and an extra's label × its days against its line.

export type Amount = { minor: number; symbol: string };

/** The amount in `text` ("+ 103.50 kr (daily)", "Pay 1,234.56 kr", "Paid online: 45 €"). */
export function amountIn(text: string): Amount {
  const match = /([$£]?)(\d{1,3}(?:,\d{3})*)(?:\.(\d{2}))?(?:\s([^\d\s()]+))?/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, before = '', whole = '0', fraction = '00', after = ''] = match;
  return { minor: Number(whole.replace(/,/g, '')) * 100 + Number(fraction), symbol: before || after };
}

/** The text of a locator, read once it is there. */
export async function textOf(locator: Locator): Promise<string> {
  await expect(locator).toBeVisible();
  return (await locator.textContent())?.trim() ?? '';
}

type SearchCar = {
  _id: string;
  name: string;
  deposit: number;
  supplier: { fullName: string; priceChangeRate: number };
} & Record<'theftProtection' | 'collisionDamageWaiver' | 'fullInsurance', number>;

/**
 * A car of the demo supplier that adds `rate` % (Atlas Drive adds 5 %), with a security deposit and a priced daily
 * extra, offered at some demo place for the period: the first found, place by place.
 */
export async function carOfSupplierAdding(
  request: APIRequestContext,
  rate: number,
  when: { pickupAt: string; dropoffAt: string },
) {
  const places = (await (await request.get('/api/locations')).json()) as { _id: string; name: string }[];
  for (const place of places) {
    const answer = await request.post('/api/search-cars/1/100', {
      headers: ownPage(),
      data: { pickupLocationId: place._id, dropoffLocationId: place._id, ...when },
    });
    if (!answer.ok()) continue;
    const { results } = (await answer.json()) as { results: SearchCar[] };
    for (const car of results) {
      const extra = (['theftProtection', 'collisionDamageWaiver', 'fullInsurance'] as const).find((e) => car[e] > 0);
      if (car.supplier.priceChangeRate === rate && car.deposit > 0 && extra) return { car, extra, place };
    }
  }
  throw new Error(`no car of a supplier adding ${rate} % in the demo data`);
}
