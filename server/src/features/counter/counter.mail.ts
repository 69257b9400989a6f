import type { Language } from '@roam/contract/languages';
import type { NotificationKind } from '@roam/contract/notifications';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { recordNotice } from '#server/features/notifications/notifications.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { translator } from '#server/i18n/translate.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import type { CounterRecord } from './counter.repository.ts';

// The counter's e-mails (docs/architecture.md §5 "After the booking"), in the recipient's language (words:
// i18n/locales/<language>/counter.json), each with its notification, recorded in the transaction of the change. A
// message that carries the customer's signed documents goes whatever their notification setting: it is their copy of
// the contract, not a notice.

export type CounterMail =
  | 'checkedOut'
  | 'agreementSigned'
  | 'checkedIn'
  | 'returned'
  | 'closed'
  | 'noShow'
  | 'chargeAdded'
  | 'chargeWaived'
  | 'chargePaid'
  | 'chargePaidWallet'
  | 'balanceLink';

export type MailValues = Partial<
  Record<
    'dropoff' | 'charges' | 'money' | 'kind' | 'amount' | 'note' | 'until' | 'paid' | 'refunded' | 'deposit',
    string
  >
>;

export function renderCounterMail(
  mail: CounterMail,
  language: Language,
  values: MailValues & { websiteName: string; car: string; reference: string; link: string },
) {
  const t = translator(language, 'counter');
  const all = {
    dropoff: '',
    charges: '',
    money: '',
    kind: '',
    amount: '',
    note: '',
    until: '',
    paid: '',
    refunded: '',
    deposit: '',
    ...values,
  };
  return { subject: t(`mail.${mail}.subject`, all), text: t(`mail.${mail}.text`, all) };
}

type Party = 'driver' | 'supplier';

/**
 * Records the notification `kind` for the booking's driver (or its supplier) and the e-mail `mail` in their language,
 * with the stored files `attachFileIds`; returns the e-mail to deliver after the commit.
 */
export async function recordCounterNotice(
  ctx: AppContext,
  tx: DbOrTx,
  record: CounterRecord,
  to: Party,
  notice: { kind: NotificationKind; params?: Record<string, string | number> },
  mail: CounterMail,
  values: (language: Language) => MailValues,
  attachFileIds: string[] = [],
  /** The booking's invoices and credit notes go with it too (the close). */
  withInvoices = false,
): Promise<QueuedMail | null> {
  const person = to === 'driver' ? record.driver : record.supplier;
  const recipient = {
    id: person.id,
    email: to === 'supplier' ? (record.supplier.contactEmail ?? record.supplier.email) : person.email,
    language: person.language,
    enableEmailNotifications: person.enableEmailNotifications || attachFileIds.length > 0 || withInvoices,
  };
  const { booking } = record;
  const site = await siteName(ctx, tx);
  return recordNotice(
    ctx,
    tx,
    recipient,
    { kind: notice.kind, params: { car: record.car.name, ...notice.params }, bookingId: booking.id },
    (language) => ({
      ...renderCounterMail(mail, language, {
        websiteName: site,
        car: record.car.name,
        reference: booking.reference,
        // The booking's page, which its operators open too (as the other booking notices link it).
        link: `${ctx.config.PUBLIC_URL}/booking?b=${booking.id}&l=${language}`,
        ...values(language),
      }),
      ...(attachFileIds.length > 0 ? { attachFileIds } : {}),
      ...(withInvoices ? { invoicesOf: booking.id } : {}),
    }),
  );
}
