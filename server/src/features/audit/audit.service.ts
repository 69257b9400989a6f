import type { AUDIT_ACTIONS, AUDIT_ENTITIES, AuditEntry, AuditHistory, AuditHistoryEntry } from '@roam/contract/audit';
import { auditReferences } from '@roam/contract/audit-fields';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AuditChanges } from '#server/db/schema.ts';
import type { SessionUser } from '#server/plugins/session-user.ts';
import * as repository from './audit.repository.ts';

// The audit trail (docs/architecture.md §5 Accounts): every operator change writes a row — who, when, on what,
// each changed field before and after — in the transaction of the change (callers pass that transaction), so a
// change is never without its row nor a row without its change. Callers give values safe to keep: never a secret,
// never a file's bytes (an image is its URL).

/** The person who acts, their role and the business they act for (null: the platform). */
export type AuditActor = Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId'>;
type Entity = (typeof AUDIT_ENTITIES)[number];
type Action = (typeof AUDIT_ACTIONS)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose value differs between `before` and `after` (null before: a creation, every field of `after`;
 * null after: a deletion, every field of `before`).
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const was = before ? (before[field] ?? null) : null;
    const is = after ? (after[field] ?? null) : null;
    if (!same(was, is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** Writes one entry; `tx` is the transaction of the change it records (context.ts: the call shape). */
export async function recordAudit(
  _ctx: AppContext,
  tx: DbOrTx,
  actor: AuditActor,
  entry: {
    entity: Entity;
    entityId: string;
    action: Action;
    carId?: string;
    supplierId?: string;
    changes: AuditChanges;
  },
) {
  await repository.insertAudit(tx, {
    actorId: actor.id,
    actorType: actor.type,
    actorRole: actor.role,
    actorBusinessId: actor.businessId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    carId: entry.carId ?? null,
    supplierId: entry.supplierId ?? null,
    changes: entry.changes,
  });
}

/** A row of the trail as the API shows it: the person by name, with their role and business then. */
export function toAuditEntry({ entry, actorName, businessName }: repository.EntryRow): AuditEntry {
  return {
    _id: entry.id,
    at: entry.at.toISOString(),
    actor:
      entry.actorId && actorName !== null
        ? {
            _id: entry.actorId,
            fullName: actorName,
            type: entry.actorType,
            role: entry.actorRole,
            business:
              entry.actorBusinessId && businessName !== null
                ? { _id: entry.actorBusinessId, name: businessName }
                : null,
          }
        : null,
    entity: entry.entity as Entity,
    entityId: entry.entityId,
    action: entry.action as Action,
    changes: entry.changes,
  };
}

/** A history's entry: the trail's row, with the clocks and currency its values are read with. */
function toHistoryEntry(row: repository.HistoryRow): AuditHistoryEntry {
  return {
    ...toAuditEntry(row),
    clocks: { car: row.carZone, pickup: row.pickupZone, dropoff: row.dropoffZone },
    currency: row.currency,
  };
}

/**
 * A page of a history as its screen reads it (docs/architecture.md §5 "Readable history"): each entry with its
 * clocks and currency, and the names of the places and accounts its values point to, places in `language`.
 */
async function historyOf(
  ctx: AppContext,
  found: { rows: repository.HistoryRow[]; totalCount: number },
  language: Language,
): Promise<AuditHistory> {
  const results = found.rows.map(toHistoryEntry);
  const wanted = { location: new Set<string>(), account: new Set<string>() };
  for (const entry of results) {
    const ids = auditReferences(entry.entity, entry.changes);
    for (const id of ids.location) wanted.location.add(id);
    for (const id of ids.account) wanted.account.add(id);
  }
  const [places, accounts] = await Promise.all([
    repository.placeNames(ctx.db, [...wanted.location]),
    repository.accountNames(ctx.db, [...wanted.account]),
  ]);
  const names: Record<string, string> = {};
  for (const place of places) names[place.id] = place.names[language] ?? place.names.en ?? '';
  for (const account of accounts) names[account.id] = account.name;
  return { results, totalCount: found.totalCount, baseCurrency: ctx.config.BASE_CURRENCY, names };
}

/** A car's trail, newest first (the caller checked that the viewer operates the car). */
export async function carHistory(ctx: AppContext, carId: string, page: number, size: number, language: Language) {
  return historyOf(ctx, await repository.carEntries(ctx.db, carId, page, size), language);
}

/** A booking's trail, newest first (the caller checked that the viewer operates the booking). */
export async function bookingHistory(
  ctx: AppContext,
  bookingId: string,
  page: number,
  size: number,
  language: Language,
) {
  return historyOf(ctx, await repository.bookingEntries(ctx.db, bookingId, page, size), language);
}
