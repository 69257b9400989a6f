import type { Language } from '@roam/contract/languages';
import { translator } from '#server/i18n/translate.ts';

// The reminder e-mails (words: i18n/locales/<language>/reminders.json): 24 hours before pick-up, with checkout's
// pick-up checklist (spec §2: arrive on time; bring a passport or ID and a driver's licence); on the drop-off day.

export type ReminderParams = {
  websiteName: string;
  car: string;
  reference: string;
  /** The place's name, with its address when known. */
  place: string;
  /** The time on the place's clock. */
  time: string;
  /** What is due at the counter, formatted in the booking's currency. */
  due: string;
  securityDeposit: string;
  link: string;
};

export function renderReminder(kind: 'pickup' | 'dropoff', language: Language, params: ReminderParams) {
  const t = translator(language, 'reminders');
  return { subject: t(`${kind}.subject`, params), text: t(`${kind}.text`, params) };
}
