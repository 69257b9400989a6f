import type { Language } from '@roam/contract/languages';
import { translator } from '#server/i18n/translate.ts';

// The e-mails that reach a booking without an account (words: i18n/locales/<language>/bookingAccess.json), in the
// driver's language: the manage link a driver asked for, and the payment link of an operator's booking.

/** `minutes`: how long the link works. */
export function manageLinkMail(
  language: Language,
  params: { websiteName: string; reference: string; link: string; minutes: number },
) {
  const t = translator(language, 'bookingAccess');
  return { subject: t('manageLink.subject', params), text: t('manageLink.text', params) };
}

/** `amount`: what is to pay, formatted; `until`: when the hold ends, on the place's clock. */
export function paymentLinkMail(
  language: Language,
  params: { websiteName: string; reference: string; amount: string; link: string; until: string },
) {
  const t = translator(language, 'bookingAccess');
  return { subject: t('paymentLink.subject', params), text: t('paymentLink.text', params) };
}
