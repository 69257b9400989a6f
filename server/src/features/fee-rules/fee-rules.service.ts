import { DEFAULT_FEE_RULES, type FeeRules } from '@roam/contract/rental-fees';
import type { UpdateFeeRulesBodySchema } from '@roam/contract/rental-fees.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { type Operator, operates } from '#server/features/fleet/fleet.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './fee-rules.repository.ts';

// A business's fees by rule (docs/architecture.md §5 "Fees by rule"): read by its desk, changed by whoever may change
// the business (`business.write`); the admin for any supplier. Every change audited on the supplier.

const FORBIDDEN = () => new AppError('FORBIDDEN', 'Not allowed.');

/** The supplier's rules, or none (no ownership check: the caller's). */
export async function feeRulesFor(db: DbOrTx, supplierId: string): Promise<FeeRules> {
  return (await repository.feeRulesOf(db, supplierId)) ?? DEFAULT_FEE_RULES;
}

/** `GET /api/supplier-fee-rules/{id}`: the supplier's own, or any for the admin (another supplier's: 403). */
export async function readFeeRules(ctx: AppContext, actor: Operator, supplierId: string): Promise<FeeRules> {
  if (!operates(actor, supplierId)) throw FORBIDDEN();
  return feeRulesFor(ctx.db, supplierId);
}

/** `PUT /api/update-supplier-fee-rules`: the rules sent replace the stored ones, audited. */
export async function updateFeeRules(
  ctx: AppContext,
  actor: Operator,
  body: z.output<typeof UpdateFeeRulesBodySchema>,
): Promise<FeeRules> {
  const { supplierId, ...rules } = body;
  if (!operates(actor, supplierId)) throw FORBIDDEN();
  return ctx.db.transaction(async (tx) => {
    const before = await feeRulesFor(tx, supplierId);
    await repository.upsertFeeRules(tx, supplierId, rules);
    const changes = changesBetween({ feeRules: before }, { feeRules: rules });
    if (Object.keys(changes).length > 0) {
      await recordAudit(ctx, tx, actor, {
        entity: 'supplier',
        entityId: supplierId,
        action: 'update',
        supplierId,
        changes,
      });
    }
    return rules;
  });
}
