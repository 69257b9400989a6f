import type { AuditPage } from '@roam/contract/audit';
import type { ActivityQuery } from '@roam/contract/team';
import type { AppContext } from '#server/context.ts';
import * as audit from '#server/features/audit/audit.repository.ts';
import { toAuditEntry } from '#server/features/audit/audit.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';

// The activity screen: who changed what, by person, entity and period. An owner reads their business's
// trail (changes its people made, and changes to its fleet and profile, the platform's included); the admin all, or
// one business's.

const DAY_MS = 24 * 3600_000;

export async function activityPage(
  ctx: AppContext,
  actor: SessionUser,
  query: ActivityQuery,
  page: number,
  size: number,
): Promise<AuditPage> {
  if (actor.businessId !== null && query.businessId && query.businessId !== actor.businessId)
    throw new AppError('FORBIDDEN', 'Not allowed.');
  const { rows, totalCount } = await audit.activityEntries(
    ctx.db,
    {
      businessId: actor.businessId ?? query.businessId,
      actorId: query.actorId,
      entity: query.entity,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      // The last day named is included.
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    },
    page,
    size,
  );
  return { totalCount, results: rows.map(toAuditEntry) };
}
