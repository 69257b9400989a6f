import {
  CONFIRMATION_GRACE_MINUTES,
  type MismatchKind,
  RECONCILED_GATEWAYS,
  type Reconciliation,
  type ReconciliationDay,
  type ReconciliationMismatch,
  type ReconciliationQuery,
} from '@roam/contract/reconciliation';
import type { AppContext } from '#server/context.ts';
import * as repository from './reconciliation.repository.ts';

// The reconciliation (docs/decisions/0015-reconciliation.md): per gateway and day — UTC days, whatever the
// businesses' time zones — what Roam's ledger recorded through the gateway against what the gateway confirmed (its
// stored events), and every mismatch. A confirmation is matched to a ledger row by the reference the ledger keeps (a
// card session, a payment intent, a wallet order, a refund); the card provider confirms one payment twice (its
// session, then its intent), counted once.

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** One money movement the gateway confirmed: its events about the same session or intent, the first one's figures. */
type Confirmed = repository.Confirmation & { keys: Set<string> };

/** The events grouped per movement: a payment by its intent (or its object), a refund by its own id. */
function groupConfirmations(events: repository.Confirmation[]): Confirmed[] {
  const groups = new Map<string, Confirmed>();
  const byKey = new Map<string, Confirmed>();
  for (const event of events) {
    const keys = [event.objectId, event.intentId].filter((key): key is string => Boolean(key));
    const found = keys.map((key) => byKey.get(`${event.gateway}:${event.movement}:${key}`)).find(Boolean);
    const group = found ?? { ...event, keys: new Set<string>() };
    if (!found) groups.set(event.id, group);
    for (const key of keys) {
      group.keys.add(key);
      byKey.set(`${event.gateway}:${event.movement}:${key}`, group);
    }
  }
  return [...groups.values()];
}

type Tally = { count: number; amount: number };
const tally = (): Tally => ({ count: 0, amount: 0 });
const add = (into: Tally, amount: number) => {
  into.count += 1;
  into.amount += amount;
};

/** `GET /api/reconciliation`: the admin's, every business's money. */
export async function reconciliationOf(ctx: AppContext, query: ReconciliationQuery): Promise<Reconciliation> {
  const gateways = query.gateway ? [query.gateway] : RECONCILED_GATEWAYS;
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  const graceEnds = ctx.clock.now().getTime() - CONFIRMATION_GRACE_MINUTES * 60_000;

  const recorded = await repository.recordedBetween(ctx.db, gateways, start, end);
  const recordedRefs = recorded.flatMap((row) => (row.reference ? [row.reference] : []));
  const events = await repository.confirmationsFor(ctx.db, gateways, start, end, recordedRefs);
  const eventRefs = events.flatMap((event) => [event.objectId, event.intentId].filter((ref): ref is string => !!ref));
  const known = await repository.knownReferences(ctx.db, eventRefs);
  const confirmed = groupConfirmations(events);
  const bookingRefs = await repository.bookingReferences(
    ctx.db,
    confirmed.flatMap((group) => (group.bookingId ? [group.bookingId] : [])),
  );

  const days = new Map<string, ReconciliationDay>();
  const dayRow = (day: string, gateway: repository.Recorded['gateway'], currency: string) => {
    const key = `${day}|${gateway}|${currency}`;
    let row = days.get(key);
    if (!row) {
      row = {
        day,
        gateway,
        currency,
        recorded: tally(),
        refunded: tally(),
        confirmed: tally(),
        confirmedRefunds: tally(),
        matched: tally(),
        pending: 0,
        mismatches: 0,
      };
      days.set(key, row);
    }
    return row;
  };
  const mismatches: ReconciliationMismatch[] = [];
  const mismatch = (
    kind: MismatchKind,
    row: ReconciliationDay,
    fields: Omit<ReconciliationMismatch, 'kind' | 'gateway' | 'day'>,
  ) => {
    row.mismatches += 1;
    mismatches.push({ kind, gateway: row.gateway, day: row.day, ...fields });
  };

  const index = new Map<string, Confirmed>();
  for (const group of confirmed) {
    for (const key of group.keys) index.set(`${group.gateway}:${group.movement}:${key}`, group);
  }
  const used = new Set<Confirmed>();

  // Roam's side: each movement recorded, confirmed or not.
  for (const row of recorded) {
    const day = dayRow(dayOf(row.at), row.gateway, row.currency);
    add(row.movement === 'payment' ? day.recorded : day.refunded, row.amount);
    const group = row.reference ? index.get(`${row.gateway}:${row.movement}:${row.reference}`) : undefined;
    const fields = {
      reference: row.reference,
      bookingId: row.bookingId,
      bookingReference: row.bookingReference,
      recordedAmount: row.amount,
      currency: row.currency,
      at: row.at.toISOString(),
    };
    if (group) {
      used.add(group);
      if (group.amount === row.amount && group.currency === row.currency) add(day.matched, row.amount);
      else
        mismatch('amountDiffers', day, {
          ...fields,
          confirmedAmount: group.amount,
          confirmedCurrency: group.currency,
        });
    } else if (row.at.getTime() > graceEnds) day.pending += 1;
    else
      mismatch(row.movement === 'payment' ? 'unconfirmed' : 'refundUnconfirmed', day, {
        ...fields,
        confirmedAmount: null,
        confirmedCurrency: null,
      });
  }

  // The gateway's side: each movement confirmed in the range, and those Roam has no row of.
  for (const group of confirmed) {
    if (group.receivedAt < start || group.receivedAt >= end) continue;
    const day = dayRow(dayOf(group.receivedAt), group.gateway, group.currency ?? '');
    add(group.movement === 'payment' ? day.confirmed : day.confirmedRefunds, group.amount ?? 0);
    if (used.has(group) || [...group.keys].some((key) => known.has(key))) continue;
    mismatch('unrecorded', day, {
      reference: group.objectId,
      bookingId: group.bookingId,
      bookingReference: group.bookingId ? (bookingRefs.get(group.bookingId) ?? null) : null,
      recordedAmount: null,
      confirmedAmount: group.amount,
      currency: null,
      confirmedCurrency: group.currency,
      at: group.receivedAt.toISOString(),
    });
  }

  const ordered = [...mismatches].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const first = (query.page - 1) * query.size;
  return {
    from: query.from,
    to: query.to,
    graceMinutes: CONFIRMATION_GRACE_MINUTES,
    days: [...days.values()].sort((a, b) =>
      a.day === b.day ? `${a.gateway}${a.currency}`.localeCompare(`${b.gateway}${b.currency}`) : a.day < b.day ? -1 : 1,
    ),
    mismatches: {
      items: ordered.slice(first, first + query.size),
      total: ordered.length,
      page: query.page,
      size: query.size,
    },
  };
}
