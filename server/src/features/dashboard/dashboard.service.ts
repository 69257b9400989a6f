import type { CarRange } from '@roam/contract/cars';
import { isOverdue } from '@roam/contract/counter';
import type { Dashboard } from '@roam/contract/dashboard';
import type { DashboardQuerySchema } from '@roam/contract/dashboard.schema';
import { roleMay } from '@roam/contract/team';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { lapsingHolds } from '#server/features/holds/hold-renewal.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as repository from './dashboard.repository.ts';

// The dashboard. A supplier sees its own (naming another supplier: 403, as the cars list), the
// admin every supplier's or one chosen. The numbers are the database's; here they are only named and ordered.

type Query = z.output<typeof DashboardQuerySchema>;

const MOVEMENTS_SHOWN = 100;
/** Car-days to two decimals: a few hours of a day show, floating-point noise does not. */
const round = (days: number) => Math.round(days * 100) / 100;

export async function dashboard(ctx: AppContext, actor: Operator, query: Query): Promise<Dashboard> {
  if (actor.businessId !== null && query.supplierId && query.supplierId !== actor.businessId) {
    throw new AppError('FORBIDDEN', 'Not allowed.');
  }
  const supplierId = actor.businessId ?? query.supplierId ?? null;
  const now = ctx.clock.now();
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(`${query.to}T00:00:00Z`);
  const name = (names: Record<string, string> | null) => names?.[query.language] ?? names?.en ?? '';
  const [today, overdue, queues, lapsingDeposits, period] = await Promise.all([
    repository.todaysMovements(ctx.db, supplierId, now, MOVEMENTS_SHOWN, actor.branchIds),
    repository.overdueReturns(ctx.db, supplierId, now, MOVEMENTS_SHOWN, actor.branchIds),
    repository.queues(ctx.db, supplierId, now, actor.branchIds),
    // Deposits held on a card that lapse before the car is back: the desk takes them again (docs/decisions/0012).
    lapsingHolds(ctx, supplierId, actor.branchIds),
    ctx.periods.get(
      { supplierId, from, to },
      query.fresh === 'true',
      async () => {
        const [revenue, utilisation] = await Promise.all([
          repository.revenue(ctx.db, supplierId, query.from, query.to),
          repository.utilisation(ctx.db, supplierId, from, to),
        ]);
        return { revenue, utilisation };
      },
      now.getTime(),
    ),
  ]);
  const { revenue, utilisation } = period.figures;

  const figures = (row: repository.UtilisationRow) => ({
    cars: row.cars,
    availableDays: round(row.carDays - row.blocked),
    bookedDays: round(row.booked),
  });
  const byName = <T extends { name: string }>(a: { supplier?: T; location?: T }, b: { supplier?: T; location?: T }) =>
    (a.supplier ?? a.location)!.name.localeCompare((b.supplier ?? b.location)!.name);
  const of = (dimension: repository.UtilisationRow['dimension']) =>
    utilisation.filter((r) => r.dimension === dimension);

  const movement = (move: repository.MovementRow) => ({
    bookingId: move.id,
    reference: move.reference,
    kind: move.kind,
    at: new Date(move.at).toISOString(),
    location: { _id: move.locationId, name: name(move.names), timeZone: move.timeZone },
    carName: move.carName,
    driverName: move.driverName,
    status: move.status,
    checkedInAt: move.checkedInAt ? new Date(move.checkedInAt).toISOString() : null,
    overdue: isOverdue(move.status, new Date(move.at), now),
  });

  return {
    today: {
      places: today.places
        .map((place) => ({
          location: { _id: place.locationId, name: name(place.names), timeZone: place.timeZone },
          date: place.today,
          pickups: place.pickups,
          dropoffs: place.dropoffs,
        }))
        .sort((a, b) => a.location.name.localeCompare(b.location.name)),
      movements: today.movements.map(movement),
      overdue: overdue.map(movement),
    },
    ...queues,
    lapsingDeposits,
    period: {
      from: from.toISOString(),
      to: to.toISOString(),
      baseCurrency: ctx.config.BASE_CURRENCY,
      asOf: period.asOf.toISOString(),
      revenue: !roleMay(actor.role, 'revenue')
        ? null
        : revenue.map((row) => ({
            status: row.status,
            currency: row.currency,
            bookings: row.bookings,
            amount: Number(row.amount),
            baseAmount: Number(row.baseAmount),
            refunded: Number(row.refunded),
            baseRefunded: Number(row.baseRefunded),
          })),
      utilisation: {
        bySupplier: of('supplier')
          .map((row) => ({ supplier: { _id: row.key, name: row.name ?? '' }, ...figures(row) }))
          .sort(byName),
        byRange: of('range').map((row) => ({ range: row.key as CarRange, ...figures(row) })),
        byPlace: of('place')
          .map((row) => ({ location: { _id: row.key, name: name(row.names) }, ...figures(row) }))
          .sort(byName),
      },
    },
  };
}
