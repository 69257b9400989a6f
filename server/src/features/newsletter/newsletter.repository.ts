import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { newsletterSubscribers } from '#server/db/schema.ts';

export type Subscriber = { id: string; email: string; language: string; confirmedAt: Date | null };

const columns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  language: newsletterSubscribers.language,
  confirmedAt: newsletterSubscribers.confirmedAt,
};

/**
 * Creates the subscriber or, when the address is already there, gives it a new token and language. Returns whether it
 * was confirmed before, so the service can pick the right e-mail.
 */
export async function upsertSubscriber(
  db: Db,
  values: { email: string; language: string; tokenHash: string },
): Promise<Subscriber> {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values(values)
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { tokenHash: values.tokenHash, language: values.language },
    })
    .returning(columns);
  return row!;
}

export async function findSubscriberByTokenHash(db: Db, tokenHash: string): Promise<Subscriber | null> {
  const [row] = await db
    .select(columns)
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function confirmSubscriber(db: Db, id: string, at: Date): Promise<void> {
  await db.update(newsletterSubscribers).set({ confirmedAt: at }).where(eq(newsletterSubscribers.id, id));
}

export async function deleteSubscriber(db: Db, id: string): Promise<void> {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
}
