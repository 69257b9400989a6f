import type { ChargeKind } from '@roam/contract/counter-charges';
import { invoiceLine } from '@roam/contract/invoices';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { creditInvoice } from './invoice-issue.service.ts';
import * as repository from './invoices.repository.ts';

// A charge waived after it was paid and invoiced (docs/decisions/0011-invoices.md, "Waived charges"): the invoice is
// never edited, so a credit note takes the charge's line off it, in the waiver's transaction. The money itself is
// given back later (the counter's refund online or at the desk); that refund's credit note counts this one
// (`creditRefund` credits only what the documents still state beyond what was kept), so nothing is credited twice.

type WaivedCharge = { id: string; bookingId: string; kind: ChargeKind; vatRate: number };

/** Whether an invoice is the one that billed charges of `kind`: its line, or a charges payment's single line. */
const billed = (lines: readonly { item: string }[], kind: ChargeKind) =>
  lines.some((line) => line.item === `charge.${kind}`)
    ? 2
    : lines.some((line) => line.item === 'return_charges' || line.item === 'later_charges')
      ? 1
      : 0;

/**
 * Credits `paid` (the part of the waived charge that had been paid: what the waiver added to the excess) off the
 * booking's invoices — the one that billed the charge first, then the newest — one credit note per invoice, each with
 * the charge's line at the charge's own VAT rate. Returns the credit notes issued (none when nothing was invoiced).
 */
export async function creditWaivedCharge(ctx: AppContext, tx: DbOrTx, charge: WaivedCharge, paid: number) {
  const candidates = (await repository.invoicesWithCredits(tx, charge.bookingId))
    .map((row, order) => ({ ...row, order, rank: billed(row.invoice.lines, charge.kind) }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order);
  let left = paid;
  const issued = [];
  for (const { invoice, credited } of candidates) {
    const amount = Math.min(left, invoice.gross - credited);
    if (amount <= 0) continue;
    const lines = [invoiceLine(`charge.${charge.kind}`, amount, charge.vatRate)];
    issued.push(
      await creditInvoice(ctx, tx, invoice, { key: `credit-waived-${charge.id}-${invoice.id}`, amount, lines }),
    );
    left -= amount;
    if (left === 0) break;
  }
  return issued;
}
