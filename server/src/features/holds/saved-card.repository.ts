import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { savedCards } from '#server/db/schema.ts';

// The only Drizzle code of the saved cards (docs/decisions/0014-charges-after-the-rental.md).

export type SavedCardRow = typeof savedCards.$inferSelect;

export async function savedCardOf(db: DbOrTx, bookingId: string) {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
  return row ?? null;
}

/** The payer's consent, given at checkout before the card is known. */
export async function insertConsent(db: DbOrTx, bookingId: string, at: Date) {
  await db.insert(savedCards).values({ bookingId, consentedAt: at }).onConflictDoNothing();
}

/** The card the confirmed payment saved; a replay writes the same values again. */
export async function storeCard(
  db: DbOrTx,
  card: { bookingId: string; provider: string; customer: string; paymentMethod: string },
) {
  await db
    .insert(savedCards)
    .values(card)
    .onConflictDoUpdate({
      target: savedCards.bookingId,
      set: { provider: card.provider, customer: card.customer, paymentMethod: card.paymentMethod },
    });
}
