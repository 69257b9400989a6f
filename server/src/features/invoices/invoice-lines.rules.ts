import type { ChargeKind } from '@roam/contract/counter-charges';
import { type InvoiceItem, type InvoiceLine, invoiceLine } from '@roam/contract/invoices';
import type { PaymentPurpose } from '@roam/contract/ledger';
import { convertMinor } from '@roam/contract/money';
import { rentalDays } from '@roam/contract/time';
import { pricedLines } from '#server/features/documents/booked-lines.rules.ts';
import type { InvoiceFacts } from './invoices.repository.ts';

// An invoice's lines (docs/decisions/0011-invoices.md): what the payment paid for, one line per item, each with the
// VAT its VAT-inclusive amount holds at the rental country's rate. The lines always add up to the payment: when the
// finer lines (the rental and each extra; each counter charge) do not give the amount paid — a partial payment, a
// total changed since — the payment is one line of its purpose.

type Charge = { kind: ChargeKind; amount: number; vatRate: number };

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

export function paymentLines(
  facts: InvoiceFacts,
  payment: { purpose: PaymentPurpose; amount: number },
  charges: readonly Charge[],
  vatRate: number,
): InvoiceLine[] {
  const whole = (item: InvoiceItem) => [invoiceLine(item, payment.amount, vatRate)];
  if (payment.purpose === 'rental') {
    const { booking } = facts;
    const lines = pricedLines(facts, (eur) => convertMinor(eur, booking.rate, booking.currency));
    if (sum(lines.map((line) => line.amount)) !== payment.amount) return whole('rental');
    const days = rentalDays(booking.pickupAt, booking.dropoffAt);
    return (
      lines
        // An included extra has no line; a promo code's discount is a negative one.
        .filter((line) => line.amount !== 0)
        .map((line) => ({
          ...invoiceLine(line.item, line.amount, vatRate, line.item === 'rental' ? days : line.quantity),
          ...(line.names && { names: line.names }),
        }))
    );
  }
  if (payment.purpose === 'return_charges' || payment.purpose === 'later_charges') {
    if (charges.length > 0 && sum(charges.map((charge) => charge.amount)) === payment.amount) {
      return charges.map((charge) => invoiceLine(`charge.${charge.kind}`, charge.amount, charge.vatRate));
    }
    return whole(payment.purpose);
  }
  if (payment.purpose === 'no_show') return whole('no_show');
  return whole(payment.purpose === 'amendment' ? 'amendment' : 'rental');
}

/**
 * A credit note's lines for `amount` given back of `invoice`: the invoice's own lines when the whole of it is
 * credited, else one line at the rate of the invoice's largest line.
 */
export function creditLines(invoice: { lines: readonly InvoiceLine[]; gross: number }, amount: number): InvoiceLine[] {
  if (amount === invoice.gross) return invoice.lines.map((line) => ({ ...line }));
  const largest = [...invoice.lines].sort((a, b) => b.gross - a.gross)[0];
  return [invoiceLine('refund', amount, largest?.vatRate ?? 0)];
}
