import {
  type BookingPlace,
  type BookingStatus,
  type BookingSummary,
  securityDepositWords,
} from '@roam/contract/bookings';
import { type Language, LOCALE_TAGS } from '@roam/contract/languages';
import type { DepositHolder } from '@roam/contract/ledger';
import { formatMinor } from '@roam/contract/money';
import { CAR_WORDS } from '#server/i18n/car-words.ts';
import { translator } from '#server/i18n/translate.ts';
import type { BookingFacts } from './notifications.service.ts';

// The booking e-mails, in the recipient's language (words: i18n/locales/<language>/notices.json), rendered by the
// notifications service when it records a booking notice. A booking is named by its short reference, and a
// confirmation carries the booking's summary as the screens show it: the places with their address and local time,
// and the amounts in the booking's own currency, fixed at checkout — with the screens' own status words and labels
// (the web's `bookings` area: docs/translations.md).

export type BookingNotice =
  | 'bookingConfirmed'
  | 'bookingNew'
  | 'bookingStatusChanged'
  | 'cancelRequested'
  | 'cancelApproved'
  | 'cancelDeclined'
  | 'bookingChanged'
  | 'driverChangedBooking'
  | 'driverCancelled'
  | 'changeNotMade'
  | 'bookingDeleted'
  | 'activate';

/** Why a paid change was not made: its new days were taken, or the booking changed meanwhile. */
export type ChangeNotMadeReason = 'taken' | 'changed';

/** A time on its place's clock, with the zone's short name, as the screens show it (web i18n/formats.ts). */
function atPlace(iso: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}

/**
 * The booking's summary as lines of text in the recipient's language: reference, status, vehicle, supplier, each
 * place with its address and local time, then the amounts in the booking's currency (what is paid online, what is
 * due at pick-up, the security deposit and when it is taken) — and, for the driver, the pick-up checklist (spec §2).
 */
export function summaryText(
  summary: BookingSummary,
  language: Language,
  forDriver: boolean,
  facts?: BookingFacts,
): string {
  const t = translator(language, 'notices');
  const words = translator(language, 'bookings');
  const { amounts } = summary;
  const money = (amount: number) => formatMinor(amount, amounts.currency, language);
  const line = (label: string, value: string) => t('summaryLine', { label, value });
  const place = (label: string, at: BookingPlace, when: string) => [
    line(label, at.name),
    ...(at.address ? [`  ${at.address}`] : []),
    `  ${atPlace(when, at.timeZone, language)}`,
  ];
  const lines = [
    line(words('summary.reference'), summary.reference),
    line(words('summary.status'), words(`status.${summary.status}`)),
    line(words('summary.car'), summary.car.name),
    line(words('summary.supplier'), summary.supplier.name),
    ...place(words('summary.pickup'), summary.pickupLocation, summary.pickupAt),
    ...place(words('summary.dropoff'), summary.dropoffLocation, summary.dropoffAt),
    // The extras bought, by the names the car's page gives them.
    ...(facts && facts.extras.length > 0
      ? [line(t('labels.extras'), facts.extras.map((extra) => CAR_WORDS[language].extra[extra]).join(', '))]
      : []),
    '',
    line(words('summary.total'), money(amounts.total)),
  ];
  if (amounts.payNow > 0) {
    const label = summary.status === 'void' ? words('summary.toPayOnline') : words('summary.paidOnline');
    lines.push(line(label, money(amounts.payNow)));
  }
  lines.push(line(words('summary.payAtPickup'), money(amounts.payAtPickup)));
  if (amounts.securityDeposit > 0) {
    lines.push(line(words(`summary.${securityDepositWords(amounts)}`), money(amounts.securityDeposit)));
  }
  if (forDriver) lines.push('', t('checklist'));
  return lines.join('\n');
}

/** The driver's name, phone and e-mail, for the desk that has to reach them. */
function driverText(facts: BookingFacts, language: Language): string {
  const t = translator(language, 'notices');
  const line = (label: string, value: string) => t('summaryLine', { label, value });
  return [
    line(t('labels.driver'), facts.driver.name),
    line(t('labels.phone'), facts.driver.phone || t('labels.notGiven')),
    line(t('labels.email'), facts.driver.email),
  ].join('\n');
}

/** Renders a notice's e-mail in the recipient's language. */
export function renderNotice(
  notice: BookingNotice,
  language: Language,
  params: {
    websiteName: string;
    car: string;
    reference: string;
    link: string;
    /** Said in the screens' words. */
    status?: BookingStatus;
    summary?: BookingSummary;
    /** Minor units of its currency, as refunded: a line of its own under the notice's first paragraph. */
    refund?: { amount: number; currency: string };
    /**
     * A cancellation's fee taken from the deposit held (on the card, the payer's PayPal, at the desk), and what of it
     * was released.
     */
    kept?: { amount: number; released: number; currency: string; on: DepositHolder };
    /**
     * What became due, minor units of its currency: a line of its own, with the one-time link to
     * pay it online and until when it works (already in the recipient's language), when it can be paid online.
     */
    due?: { amount: number; currency: string; payLink?: { link: string; until: string } };
    /** The operator's words to the driver (a declined cancellation). */
    message?: string;
    reason?: ChangeNotMadeReason;
    /** The driver's contact (a desk's notice shows it) and the extras bought (every summary lists them). */
    facts?: BookingFacts;
  },
) {
  const t = translator(language, 'notices');
  const { refund, due, kept } = params;
  const keptLine = kept
    ? `\n${t(`keptFromHold.${kept.on}`, {
        amount: formatMinor(kept.amount, kept.currency, language),
        released: formatMinor(kept.released, kept.currency, language),
      })}`
    : '';
  const values = {
    websiteName: params.websiteName,
    car: params.car,
    reference: params.reference,
    link: params.link,
    status: params.status ? translator(language, 'bookings')(`status.${params.status}`) : '',
    summary: params.summary
      ? summaryText(
          params.summary,
          language,
          notice !== 'bookingNew' && notice !== 'driverChangedBooking',
          params.facts,
        )
      : '',
    driver: params.facts ? driverText(params.facts, language) : '',
    // The fee taken from the hold is told where the refund is (the notices' `{{refund}}`).
    refund: `${refund ? `\n${t('refund', { amount: formatMinor(refund.amount, refund.currency, language) })}` : ''}${keptLine}`,
    due: due
      ? `\n${t(due.payLink ? 'dueOnline' : 'due', {
          amount: formatMinor(due.amount, due.currency, language),
          payLink: due.payLink?.link ?? '',
          until: due.payLink?.until ?? '',
        })}`
      : '',
    message: params.message ?? '',
    reason: params.reason ? t(`reasons.${params.reason}`) : '',
  };
  return { subject: t(`notices.${notice}.subject`, values), text: t(`notices.${notice}.text`, values) };
}
