import { formatMinor } from '@roam/contract/money';
import { instantToZoned } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import type { BookingDocument } from '#server/features/documents/booking-document.rules.ts';
import { bookingDocument } from '#server/features/documents/documents.service.ts';
import { deliverNotices, recordNotice } from '#server/features/notifications/notifications.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { renderReminder } from './reminder.mail.ts';
import * as repository from './reminders.repository.ts';

// Reminders: 24 hours before pick-up, the place, the time, the checklist and what is due at the
// counter; on the drop-off day, where and when to bring the car back. Each is a notification and, when the driver
// wants e-mails, an e-mail through the outbox, recorded in one transaction with its claim (booking_reminders): any
// number of server processes may run the pass at once, each reminder goes out once.

const NOTIFICATION_KIND = { pickup: 'pickupReminder', dropoff: 'dropoffReminder' } as const;

function reminderMail(site: string, document: BookingDocument, kind: repository.ReminderKind) {
  const place = kind === 'pickup' ? document.pickup : document.dropoff;
  const money = (amount: number) => formatMinor(amount, document.money.currency, document.language);
  const params = {
    websiteName: site,
    car: document.carName,
    reference: document.reference,
    place: place.address ? `${place.name}, ${place.address}` : place.name,
    time: formatLocalTime(place.at, place.timeZone, document.language),
    due: money(document.money.dueAtPickup),
    securityDeposit: money(document.money.securityDeposit),
    link: document.link,
  };
  return renderReminder(kind, document.language, params);
}

/** Sends one reminder unless another pass (this process or another) already did; true when this call sent it. */
async function sendReminder(ctx: AppContext, bookingId: string, kind: repository.ReminderKind): Promise<boolean> {
  const document = await bookingDocument(ctx, bookingId);
  if (!document) return false;
  let claimed = false;
  const mail = await ctx.db.transaction(async (tx): Promise<QueuedMail | null> => {
    claimed = await repository.claimReminder(tx, bookingId, kind);
    if (!claimed) return null;
    const site = await siteName(ctx, tx);
    return recordNotice(
      ctx,
      tx,
      { ...document.driver, language: document.language },
      { kind: NOTIFICATION_KIND[kind], params: { car: document.carName }, bookingId },
      () => reminderMail(site, document, kind),
    );
  });
  await deliverNotices(ctx, [mail]);
  return claimed;
}

/** One pass: every reminder due at `ctx.clock.now()`. Returns how many this call sent. */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  for (const candidate of await repository.reminderCandidates(ctx.db, now)) {
    // "On the day" is the drop-off place's day: its clock, not the server's.
    if (
      candidate.kind === 'dropoff' &&
      instantToZoned(candidate.dropoffAt, candidate.dropoffTimeZone).date !==
        instantToZoned(now, candidate.dropoffTimeZone).date
    ) {
      continue;
    }
    if (await sendReminder(ctx, candidate.bookingId, candidate.kind)) sent++;
  }
  return sent;
}

/**
 * Runs the pass at start and every `intervalSeconds` (unref'd: it never keeps the process alive) until `stop`, which
 * waits for a pass under way. Started with the app, stopped on close (app.ts).
 */
export function startReminders(ctx: AppContext, intervalSeconds: number) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running
      .then(() => sendDueReminders(ctx))
      .then((sent) => {
        if (sent > 0) ctx.log.info({ sent }, 'reminders sent');
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'reminder pass failed'));
  };
  tick();
  const timer = setInterval(tick, intervalSeconds * 1000).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
