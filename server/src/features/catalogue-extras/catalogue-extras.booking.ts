import { type BookedCatalogueExtra, CATALOGUE_EXTRA_MESSAGES } from '@roam/contract/catalogue-extras';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import * as repository from './catalogue-extras.repository.ts';
import { offeredAt } from './catalogue-extras.service.ts';

// A booking's catalogue extras (docs/decisions/0016-extra-stock-row-locks.md): checkout and the walk-in check what
// was chosen against what the car offers at the pick-up location (its mandatory ones added), price them through the
// terms, and hold the stocked ones in the booking's own transaction under a lock of their stock rows.

/** What a booking buys of the catalogue: its terms, and which of them come from a stock. */
export type ChosenExtras = { booked: BookedCatalogueExtra[]; stocked: Set<string> };

const field = (message: string) => validationFailed({ catalogueExtras: [message] });

/** The chosen extras as the car offers them at `locationId`, each within its most per booking; the mandatory added. */
export async function chooseCatalogueExtras(
  ctx: AppContext,
  input: {
    car: { id: string; range: string; supplierId: string };
    locationId: string;
    chosen: readonly { extraId: string; quantity: number }[];
  },
): Promise<ChosenExtras> {
  const offered = await offeredAt(ctx, input.car, input.locationId);
  const byId = new Map(offered.map((entry) => [entry.row.id, entry]));
  const quantities = new Map(input.chosen.map((choice) => [choice.extraId, choice.quantity]));
  for (const [extraId, quantity] of quantities) {
    const entry = byId.get(extraId);
    if (!entry) throw field(CATALOGUE_EXTRA_MESSAGES.notOffered);
    if (quantity > entry.row.maxQuantity) throw field(CATALOGUE_EXTRA_MESSAGES.tooMany(entry.row.maxQuantity));
  }
  const booked: BookedCatalogueExtra[] = [];
  const stocked = new Set<string>();
  for (const { row, stock } of offered) {
    const quantity = quantities.get(row.id) ?? (row.mandatory ? 1 : 0);
    if (quantity === 0) continue;
    if (stock !== null) stocked.add(row.id);
    const { id, names, charge, price, maxPerRental, mandatory } = row;
    booked.push({ id, names, charge, price, maxPerRental, quantity, mandatory });
  }
  return { booked, stocked };
}

/**
 * Holds the booking's stocked extras at its pick-up location, in its transaction: the stock rows are locked, then
 * the quantities the bookings holding their cars over the period hold are counted; one more than the stock is
 * refused (409), and the whole booking with it.
 */
export async function holdCatalogueExtras(
  tx: DbOrTx,
  input: { bookingId: string; locationId: string; pickupAt: Date; dropoffAt: Date; now: Date; extras: ChosenExtras },
): Promise<void> {
  const { booked, stocked } = input.extras;
  const ids = booked.filter((extra) => stocked.has(extra.id)).map((extra) => extra.id);
  const stock = await repository.lockStock(tx, ids, input.locationId);
  const held = await repository.heldOver(tx, ids, input.locationId, input);
  for (const row of stock) {
    const wanted = booked.find((extra) => extra.id === row.extraId)!.quantity;
    if ((held.get(row.extraId) ?? 0) + wanted > row.quantity) {
      throw new AppError('CONFLICT', CATALOGUE_EXTRA_MESSAGES.soldOut, {
        catalogueExtras: [CATALOGUE_EXTRA_MESSAGES.soldOut],
      });
    }
  }
  await repository.insertHeld(
    tx,
    input.bookingId,
    input.locationId,
    booked.filter((extra) => stocked.has(extra.id)),
  );
}
