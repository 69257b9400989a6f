import { PAYMENT_OPTIONS, type PaymentOption } from '@roam/contract/bookings';
import type { ChosenExtras } from '@roam/contract/price';
import { EXTRAS, type Extra } from '@roam/contract/price';

// A reload keeps the customer's choices: the extras and the payment option live in the address,
// as the search criteria do (lib/search-params.ts); the driver's details in the tab's session storage — never the
// card, which only the payment step sees.

/** `extras=theftProtection,amendments`: known extras only. */
export function readExtras(params: URLSearchParams): ChosenExtras {
  const listed = (params.get('extras') ?? '').split(',');
  return Object.fromEntries(EXTRAS.filter((extra) => listed.includes(extra)).map((extra) => [extra, true]));
}

/** `option=full`, when it is one the checkout offers; else the counter, or the full amount online, if offered. */
export function readOption(params: URLSearchParams, offered: readonly PaymentOption[]): PaymentOption {
  const asked = params.get('option');
  const known = PAYMENT_OPTIONS.find((option) => option === asked);
  if (known && offered.includes(known)) return known;
  return (['payLater', 'full'] as const).find((option) => offered.includes(option)) ?? offered[0] ?? 'payLater';
}

export function withChoices(params: URLSearchParams, choices: { extras?: ChosenExtras; option?: PaymentOption }) {
  const next = new URLSearchParams(params);
  if (choices.extras) {
    const chosen = EXTRAS.filter((extra: Extra) => choices.extras?.[extra]);
    if (chosen.length > 0) next.set('extras', chosen.join(','));
    else next.delete('extras');
  }
  if (choices.option) next.set('option', choices.option);
  return next;
}

const DRIVER_KEY = 'roam.checkout.driver';

export type SavedDriver<Person> = { driver?: Partial<Person>; additionalDriver?: Partial<Person> };

/** The driver details typed in this tab, if any (storage can be refused: then nothing). */
export function readSavedDriver<Person>(): SavedDriver<Person> {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(DRIVER_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? saved : {};
  } catch {
    return {};
  }
}

/**
 * Keeps the details for a reload of this tab, and for the form again after a declined card; the tab's session storage
 * forgets them when the tab closes.
 */
export function saveDriver<Person>(details: SavedDriver<Person>): void {
  try {
    window.sessionStorage.setItem(DRIVER_KEY, JSON.stringify(details));
  } catch {
    // Not kept: the form still works, a reload asks again.
  }
}
