import type { DeskBooking, DeskBookingsPage, DeskNote, DeskTotalsAnswer } from '@roam/contract/booking-desk';
import { DESK_MESSAGES, deskActions, deskActionsOfRole } from '@roam/contract/booking-desk';
import type {
  DeskBookingsQuerySchema,
  DeskFilterSchema,
  DeskTotalsQuerySchema,
} from '@roam/contract/booking-desk.schema';
import type { Language } from '@roam/contract/languages';
import { EXTRAS } from '@roam/contract/price';
import { roleMay } from '@roam/contract/team';
import { isReachableEmail } from '@roam/contract/walk-in';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { bookingHistory, recordAudit } from '#server/features/audit/audit.service.ts';
import { sendPaymentLink } from '#server/features/booking-access/booking-access.service.ts';
import { bookingSummaries, isOperator, visibleRecord } from '#server/features/bookings/bookings.service.ts';
import type { Fleet } from '#server/features/cars/search.index.ts';
import { bookingDocument } from '#server/features/documents/documents.service.ts';
import { ledgerRowsOf } from '#server/features/ledger/ledger.service.ts';
import { enqueueConfirmationAgain } from '#server/features/notifications/notifications.service.ts';
import { mayReadLicense } from '#server/features/profile/profile.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { ageAtPickup, toDeskRow, toNote } from './booking-desk.mapper.ts';
import * as repository from './booking-desk.repository.ts';

// The bookings desk (docs/architecture.md §5 "The bookings desk"): the console's bookings list for the operator's
// scope, a booking as its operators see it, their notes, its readable history, and the two messages a desk sends
// again (the confirmation, the payment link). A supplier sees its fleet's bookings; another's answer 404, as on every
// booking call. The changes themselves (change, cancel, decide a request) are the amendments' and the cancellations'
// calls, which the view offers by the same rules.

type Query = z.output<typeof DeskBookingsQuerySchema>;
type DeskFilterQuery = z.output<typeof DeskFilterSchema>;
type DeskTotalsQuery = z.output<typeof DeskTotalsQuerySchema>;

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Booking not found.');
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);

/**
 * The list's filter for `actor`'s scope: a member of a business sees its bookings — at their branches when limited to
 * some, as the counter and the booking view check (docs/decisions/0010-members-of-a-business.md) —; the platform any
 * business's.
 */
function filterOf(actor: SessionUser, query: DeskFilterQuery): repository.DeskFilter {
  if (actor.businessId !== null && query.supplierId && query.supplierId !== actor.businessId) {
    throw new AppError('FORBIDDEN', 'Not allowed.');
  }
  return {
    supplierId: actor.businessId ?? query.supplierId ?? null,
    branchIds: actor.businessId === null ? [] : actor.branchIds,
    ...(query.search ? { search: query.search } : {}),
    statuses: query.statuses,
    paymentStates: query.paymentStates,
    ...(query.checkedIn !== undefined ? { checkedIn: query.checkedIn } : {}),
    ...(query.locationId ? { locationId: query.locationId } : {}),
    ...(query.pickupFrom ? { pickupFrom: query.pickupFrom } : {}),
    ...(query.pickupTo ? { pickupUntil: nextDay(query.pickupTo) } : {}),
    ...(query.dropoffFrom ? { dropoffFrom: query.dropoffFrom } : {}),
    ...(query.dropoffTo ? { dropoffUntil: nextDay(query.dropoffTo) } : {}),
  };
}

/** Up to this many live cars found by plate are named to the bookings' query; more, and it looks them up itself. */
const PLATED_MAX = 500;
const plateKey = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();
/** Each live car's plate key, by its index in the fleet, made once per fleet version (100k cars at 10×). */
const plateKeys = new WeakMap<Fleet, (string | null)[]>();
function plateKeysOf(fleet: Fleet): (string | null)[] {
  let keys = plateKeys.get(fleet);
  if (!keys) {
    keys = fleet.cars.map(({ licensePlate }) => (licensePlate ? plateKey(licensePlate) : null));
    plateKeys.set(fleet, keys);
  }
  return keys;
}

/**
 * The filter with the live cars whose plate holds the search, found in the fleet the car search keeps in memory
 * (`ctx.searchIndex`): a plate is searched on every search, and scanning every car's plate in SQL was the page's
 * costly part (bench/README.md "The bookings desk's list").
 */
async function withPlates(ctx: AppContext, filter: repository.DeskFilter): Promise<repository.DeskFilter> {
  const plate = filter.search ? plateKey(filter.search) : '';
  if (plate.length < 2) return filter;
  const fleet = await ctx.searchIndex.current();
  const ids: string[] = [];
  for (const [i, key] of plateKeysOf(fleet).entries()) {
    if (key?.includes(plate)) ids.push((fleet.cars[i] as Fleet['cars'][number]).car._id);
    if (ids.length > PLATED_MAX) return filter;
  }
  return { ...filter, platedLiveCarIds: ids };
}

/** `POST /api/operator-bookings/{page}/{size}`. */
export async function listDeskBookings(
  ctx: AppContext,
  actor: SessionUser,
  query: Query,
  page: number,
  size: number,
): Promise<DeskBookingsPage> {
  const filter = await withPlates(ctx, filterOf(actor, query));
  const { rows, hasMore } = await repository.listBookings(ctx.db, filter, query.sort, page, size);
  return { results: rows.map((row) => toDeskRow(row, query.language)), hasMore };
}

/**
 * `POST /api/operator-bookings-totals`: how many bookings match, and their revenue and refunds per currency. Summing
 * every match is the list's costly part (the admin's unfiltered list reads every booking and its ledger), so the sums
 * are kept a minute per (scope, filter) as the dashboard keeps its period figures (dashboard/period.cache.ts), with
 * the time they were summed; `fresh` sums them now. Not invalidated by writes, for the dashboard's reason: a minute-old
 * total misleads nobody, the rows above it are live, and the screen asks fresh ones after its own changes.
 */
export async function deskTotals(
  ctx: AppContext,
  actor: SessionUser,
  { fresh, ...query }: DeskTotalsQuery,
): Promise<DeskTotalsAnswer> {
  const filter = filterOf(actor, query);
  // The key names the whole question: the scope (supplier, branches) and every part of the filter, in one order.
  const key = JSON.stringify([
    filter.supplierId,
    [...filter.branchIds].sort(),
    filter.search ?? null,
    [...filter.statuses].sort(),
    [...filter.paymentStates].sort(),
    filter.checkedIn ?? null,
    filter.locationId ?? null,
    filter.pickupFrom ?? null,
    filter.pickupUntil ?? null,
    filter.dropoffFrom ?? null,
    filter.dropoffUntil ?? null,
  ]);
  const { asOf, figures } = await ctx.deskTotals.keyed(key, fresh === true, async () =>
    repository.totalsOf(ctx.db, await withPlates(ctx, filter)),
  );
  const answer = { ...figures, asOf: asOf.toISOString() };
  // The sums are the business's money: a role without `revenue` (a counter agent, support) gets the count only, as the
  // dashboard's revenue is null to it (docs/decisions/0010-members-of-a-business.md).
  return roleMay(actor.role, 'revenue') ? answer : { ...answer, totals: [] };
}

/** The booking when `actor` operates it (an admin, the car's supplier); 404 to anyone else. */
async function operated(ctx: AppContext, actor: SessionUser, id: string) {
  const found = await visibleRecord(ctx, actor, id);
  if (!isOperator(found.record, actor)) throw NOT_FOUND();
  return found;
}

/**
 * The money's movements, from the ledger's rows (docs/decisions/0009-the-money-ledger.md): every payment taken online
 * or at the desk, with its method and reference, and every refund out, through a gateway or handed back at the desk.
 */
async function movements(ctx: AppContext, bookingId: string) {
  const rows = await ledgerRowsOf(ctx, ctx.db, bookingId);
  return {
    payments: rows.payments.map((payment) => ({
      purpose: payment.purpose,
      provider: payment.provider,
      method: payment.method,
      reference: payment.reference,
      amount: payment.amount,
      currency: payment.currency,
      at: (payment.settledAt ?? payment.at).toISOString(),
      refunded: payment.changeStatus === 'refunded',
    })),
    refunds: rows.refunds.map((refund) => ({
      purpose: refundPurpose(refund.key),
      provider: refund.provider,
      method: refund.method,
      reference: refund.providerReference,
      amount: refund.amount,
      currency: refund.currency,
      status: refund.status,
      at: (refund.refundedAt ?? refund.createdAt).toISOString(),
    })),
  };
}

/** What a refund gave back, by its key: a cancellation's, the counter's excess, or a change's difference. */
const refundPurpose = (key: string) =>
  key.startsWith('refund-')
    ? ('cancellation' as const)
    : key.startsWith('counter-') || key.startsWith('desk-')
      ? ('excess' as const)
      : ('amendment' as const);

/** `GET /api/operator-booking/{id}`: everything the desk needs about one booking. */
export async function deskBooking(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  language: Language,
): Promise<DeskBooking> {
  const found = await operated(ctx, actor, id);
  const { booking } = found.record;
  const row = await repository.findRow(ctx.db, id);
  if (!row) throw NOT_FOUND();
  const [driver, money, notes, document] = await Promise.all([
    repository.driverDetails(ctx.db, booking.driverId),
    movements(ctx, id),
    repository.notesOf(ctx.db, id),
    bookingDocument(ctx, id),
  ]);
  const licenseFileId = booking.licenseFileId ?? driver?.licenseFileId ?? null;
  const license =
    licenseFileId && (await mayReadLicense(ctx, actor, licenseFileId))
      ? { url: `/api/license/${licenseFileId}` }
      : null;
  const extra = booking.additionalDriverDetails;
  const listed = toDeskRow(row, language);
  return {
    ...listed,
    driver: {
      ...listed.driver,
      birthDate: row.driverBirthDate,
      ageAtPickup: ageAtPickup(row.driverBirthDate, row),
    },
    license,
    additionalDriver:
      booking.additionalDriver && extra
        ? {
            fullName: extra.fullName,
            email: extra.email,
            phone: extra.phone || null,
            birthDate: extra.birthDate || null,
            ageAtPickup: ageAtPickup(extra.birthDate || null, row),
            licence: extra.licence ?? null,
          }
        : null,
    extras: Object.fromEntries(EXTRAS.map((name) => [name, booking[name]])) as DeskBooking['extras'],
    lines: document?.money.lines ?? [],
    ...money,
    documents: [
      { kind: 'receipt', url: `/api/booking-receipt/${id}` },
      { kind: 'calendar', url: `/api/booking-calendar/${id}` },
    ],
    notes: notes.map(toNote),
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    cancelRequestedAt: booking.cancelRequestedAt?.toISOString() ?? null,
    invoiceBuyer: booking.invoiceBuyer ?? null,
    actions: deskActionsOfRole(
      deskActions(
        {
          ...booking,
          holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
          holdsMoney: row.paid - row.refunded > 0,
          reachable: isReachableEmail(row.driverEmail),
        },
        found.actions,
        ctx.clock.now(),
      ),
      actor.role,
    ),
  };
}

/** `POST /api/booking-note/{id}`: a note between the booking's operators; the notes, newest first. */
export async function addNote(ctx: AppContext, actor: SessionUser, id: string, text: string): Promise<DeskNote[]> {
  await operated(ctx, actor, id);
  await repository.insertNote(ctx.db, { bookingId: id, authorId: actor.id, text });
  return (await repository.notesOf(ctx.db, id)).map(toNote);
}

/** `GET /api/booking-audit/{id}/{page}/{size}`: the booking's history, readable (contract audit-fields.ts). */
export async function deskHistory(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  page: number,
  size: number,
  language: Language,
) {
  await operated(ctx, actor, id);
  return bookingHistory(ctx, id, page, size, language);
}

/** Whether the rule offers `action` on the booking now (the view's buttons, and the refusal of what they do not). */
async function allowed(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  action: 'resendConfirmation' | 'sendPaymentLink',
) {
  const found = await operated(ctx, actor, id);
  const { booking } = found.record;
  // Nothing is sent to a counter customer who gave no e-mail: said as such, before the rule's other reasons.
  if (!isReachableEmail(found.record.driverEmail)) throw new AppError('CONFLICT', DESK_MESSAGES.noEmail);
  // The rule's money facts do not decide these two actions.
  const actions = deskActions(
    { ...booking, holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null, holdsMoney: true },
    found.actions,
    ctx.clock.now(),
  );
  if (!actions.includes(action)) {
    throw new AppError(
      'CONFLICT',
      action === 'resendConfirmation' ? DESK_MESSAGES.notConfirmed : DESK_MESSAGES.noLinkToSend,
    );
  }
  return found.record;
}

/** `POST /api/resend-booking-confirmation/{id}`: the confirmation, with its receipt, to the driver again. */
export async function resendConfirmation(ctx: AppContext, actor: SessionUser, id: string) {
  const record = await allowed(ctx, actor, id, 'resendConfirmation');
  const { booking } = record;
  const queued = await ctx.db.transaction(async (tx) => {
    const summary = await bookingSummaries(ctx, tx, id);
    if (!summary) throw NOT_FOUND();
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'resendConfirmation',
      carId: booking.carId,
      supplierId: booking.supplierId,
      changes: {},
    });
    return enqueueConfirmationAgain(
      ctx,
      tx,
      { email: record.driverEmail, language: record.driverLanguage },
      { id, reference: booking.reference, carName: record.carName, status: booking.status, summary },
    );
  });
  await ctx.mailer.deliver(queued).catch((err: unknown) => ctx.log.warn({ err }, 'confirmation e-mail failed'));
  return { sentTo: record.driverEmail };
}

/** `POST /api/send-payment-link/{id}`: an unpaid online booking's payment link, to its driver again. */
export async function sendDeskPaymentLink(ctx: AppContext, actor: SessionUser, id: string) {
  const record = await allowed(ctx, actor, id, 'sendPaymentLink');
  const { booking } = record;
  const sent = await sendPaymentLink(ctx, id, record.pickupTimeZone);
  if (!sent) throw new AppError('CONFLICT', DESK_MESSAGES.noLinkToSend);
  await ctx.db.transaction((tx) =>
    recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'sendPaymentLink',
      carId: booking.carId,
      supplierId: booking.supplierId,
      changes: {},
    }),
  );
  return { sentTo: record.driverEmail };
}
