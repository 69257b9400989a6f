import type { FeeRules } from '@roam/contract/rental-fees';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { feeRules } from '#server/db/schema.ts';

// The only Drizzle code of a business's fees by rule (docs/architecture.md §5 "Fees by rule"). A missing row: none.

export async function feeRulesOf(db: DbOrTx, supplierId: string): Promise<FeeRules | null> {
  const [row] = await db.select({ rules: feeRules.rules }).from(feeRules).where(eq(feeRules.supplierId, supplierId));
  return row?.rules ?? null;
}

export async function upsertFeeRules(tx: DbOrTx, supplierId: string, rules: FeeRules) {
  await tx
    .insert(feeRules)
    .values({ supplierId, rules })
    .onConflictDoUpdate({ target: feeRules.supplierId, set: { rules, updatedAt: new Date() } });
}
