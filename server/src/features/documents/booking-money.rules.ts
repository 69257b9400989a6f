import { bookingAmounts } from '@roam/contract/bookings';
import type { DepositHolder } from '@roam/contract/ledger';
import { convertMinor, roundHalfUp } from '@roam/contract/money';
import type { PriceLine } from '@roam/contract/price';
import { balanceFrom } from '#server/features/ledger/ledger.service.ts';
import { pricedLines } from './booked-lines.rules.ts';
import type { BookingFacts } from './documents.repository.ts';

// A booking's money as its receipt and its reminders state it, in the booking's own
// currency: the amounts stored at checkout and what its ledger says was paid and is due
// (contract `bookingAmounts` — the same total, paid online, due and security deposit as the screens and e-mails, never
// re-converted; after the return what is due includes the counter's charges not waived, as the booking page's does:
// docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"), the price engine's lines at the booking's own terms (the rental, then each chosen extra, the
// supplier's percentage in each: contract price.ts) when they add up to that total, and the VAT the total includes at
// the rental country's rate (VAT_RATES).

export type BookingMoney = {
  currency: string;
  lines: PriceLine[];
  total: number;
  paidOnline: number;
  /** The counter's charges not waived (at the return, later, a no-show's fee): part of what is due. */
  charges: number;
  /** What is due: at pick-up before the counter takes the booking, its balance after. */
  dueAtPickup: number;
  securityDeposit: number;
  /** Of it, what is held on the customer's card now, not charged (docs/decisions/0012-deposit-holds.md). */
  securityDepositHeld: number;
  /** What holds it: the card, the payer's PayPal, or the desk (contract ledger.ts `depositOn`). */
  securityDepositOn: DepositHolder;
  /** Null when the rental country has no configured rate. */
  vat: { rate: number; amount: number } | null;
};

export function bookingMoney(facts: BookingFacts, vatRates: Readonly<Record<string, number>>): BookingMoney {
  const { booking } = facts;
  const convert = (eur: number) => convertMinor(eur, booking.rate, booking.currency);
  const lines = pricedLines(facts, convert);
  const charges = facts.ledger.charges ?? 0;
  const balance = balanceFrom({ ...booking, charges }, facts.ledger);
  const amounts = bookingAmounts(booking, balance);
  const total = amounts.total;
  const rate = vatRates[facts.pickup.countryCode];
  return {
    currency: booking.currency,
    lines,
    total,
    paidOnline: balance.paidOnline,
    charges,
    // What is due at the counter (the deposit option's online payment is the security deposit, not part of it).
    dueAtPickup: booking.status === 'cancelled' ? 0 : amounts.payAtPickup,
    securityDeposit: amounts.securityDeposit,
    securityDepositHeld: balance.held,
    securityDepositOn: amounts.securityDepositOn,
    // A price that includes VAT at r % holds total × r / (100 + r) of it.
    vat: rate === undefined ? null : { rate, amount: roundHalfUp((total * rate) / (100 + rate)) },
  };
}
