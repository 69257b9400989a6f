import { AUTH_MESSAGES } from '@roam/contract/auth';
import { CARD_MESSAGES } from '@roam/contract/checkout';
import { ONE_WAY_REFUSED } from '@roam/contract/fee-quote';
import { HOURS_MESSAGE_PATTERNS, HOURS_MESSAGES } from '@roam/contract/opening-hours';
import { PROMO_MESSAGES } from '@roam/contract/promo-codes';
import { SETUP_MESSAGES } from '@roam/contract/setup';
import { RENTAL_PERIOD_MESSAGES } from '@roam/contract/time';
import type { TFunction } from 'i18next';
import type { Translations } from '#web/i18n/translations';

// The one map from the words the contract's schemas and the server speak (the spec's English, §5) to what every
// form shows, translated. Loaded with the schema when a form is first used (use-contract-form.ts), with
// the 'forms' strings (i18n/areas.json): no screen downloads it before its form needs it.

type FormsKey = `forms.${keyof Translations['forms']}`;

const MESSAGES: Readonly<Record<string, FormsKey>> = {
  [AUTH_MESSAGES.invalidEmail]: 'forms.invalidEmail',
  [AUTH_MESSAGES.invalidPhone]: 'forms.invalidPhone',
  [AUTH_MESSAGES.acceptTos]: 'forms.acceptTos',
  [AUTH_MESSAGES.passwordTooShort]: 'forms.passwordTooShort',
  [AUTH_MESSAGES.passwordsDontMatch]: 'forms.passwordsDontMatch',
  [AUTH_MESSAGES.emailTaken]: 'forms.emailTaken',
  [AUTH_MESSAGES.emailNotRegistered]: 'forms.emailNotRegistered',
  [AUTH_MESSAGES.wrongPassword]: 'forms.wrongPassword',
  [AUTH_MESSAGES.chooseNewPassword]: 'forms.chooseNewPassword',
  [AUTH_MESSAGES.recaptchaError]: 'forms.recaptchaError',
  [AUTH_MESSAGES.fixErrors]: 'forms.fixErrors',
  // The checkout's answer to a signed-in driver whose profile has no birth date (checkout.service.ts).
  'Please add your birth date to your profile.': 'forms.addBirthDate',
  [CARD_MESSAGES.cardNumber]: 'forms.cardNumber',
  [CARD_MESSAGES.expiry]: 'forms.cardExpiry',
  [CARD_MESSAGES.cvc]: 'forms.cardCvc',
  [RENTAL_PERIOD_MESSAGES.pickupTooSoon]: 'forms.pickupTooSoon',
  [RENTAL_PERIOD_MESSAGES.durationTooShort]: 'forms.durationTooShort',
  [RENTAL_PERIOD_MESSAGES.durationTooLong]: 'forms.durationTooLong',
  [RENTAL_PERIOD_MESSAGES.invalidPickupTime]: 'forms.invalidPickupTime',
  [RENTAL_PERIOD_MESSAGES.invalidDropoffTime]: 'forms.invalidDropoffTime',
  // The business's refusals at checkout: a one-way rental it does not take, a promo code that does not apply.
  [ONE_WAY_REFUSED]: 'forms.oneWayRefused',
  [PROMO_MESSAGES.invalid]: 'forms.promoInvalid',
  [PROMO_MESSAGES.notYet]: 'forms.promoNotYet',
  [PROMO_MESSAGES.expired]: 'forms.promoExpired',
  [PROMO_MESSAGES.tooShort]: 'forms.promoTooShort',
  [PROMO_MESSAGES.notForThisCar]: 'forms.promoNotForThisCar',
  [PROMO_MESSAGES.usedUp]: 'forms.promoUsedUp',
  [PROMO_MESSAGES.usedByYou]: 'forms.promoUsedByYou',
  [PROMO_MESSAGES.firstBookingOnly]: 'forms.promoFirstBookingOnly',
  [PROMO_MESSAGES.nothingOnline]: 'forms.promoNothingOnline',
  [SETUP_MESSAGES.passwordTooShort]: 'forms.adminPasswordTooShort',
  [SETUP_MESSAGES.emailIsSupplier]: 'forms.adminEmailIsSupplier',
};

/** 'You must be at least 21 years old.' (spec §5), or a car's own minimum age at checkout (contract tooYoungMessage). */
const TOO_YOUNG = /^You must be at least (\d+) years old\.$/;

/** A screen's own translator of its rules' messages: the translated text, or undefined for a message it does not know. */
export type MessageTranslator = (t: TFunction, message: string) => string | undefined;
const translators = new Set<MessageTranslator>();

/**
 * Adds the translator of the messages a screen's own schemas speak (the operator console's), tried before
 * the map, until the returned function removes it: the screen adds it, so that no customer's form carries those words.
 */
export function addMessageTranslator(translate: MessageTranslator): () => void {
  translators.add(translate);
  return () => translators.delete(translate);
}

/** A rule's message, translated; one this map does not know reads 'Please check this field.'. */
export function translateMessage(t: TFunction, message: string): string {
  for (const translate of translators) {
    const translated = translate(t, message);
    if (translated !== undefined) return translated;
  }
  const age = TOO_YOUNG.exec(message)?.[1];
  if (age) return t('forms.tooYoung', { age });
  // A location's refusal of a time names that day's hours (language-neutral) or its closure's name.
  const hours = HOURS_MESSAGE_PATTERNS.closedAt.exec(message)?.[1];
  if (hours) return t('forms.closedAt', { hours });
  const closure = HOURS_MESSAGE_PATTERNS.closedOn.exec(message)?.[1];
  if (closure) return t('forms.closedOn', { name: closure });
  if (message === HOURS_MESSAGES.closedDay) return t('forms.closedDay');
  const key = MESSAGES[message];
  return key ? t(key) : t('forms.invalidValue');
}

/** Spec §5 'Please fill in the field: …', for the field labelled `label`. */
export function requiredMessage(t: TFunction, label: string): string {
  return t('forms.requiredField', { field: label });
}

/**
 * What a refused submit says above the form: the missing fields by name when several are (spec §5 'Please fill in
 * the fields: …'; one missing field says so at the field), otherwise 'Please fix errors.'.
 */
export function summaryMessage(t: TFunction, missingLabels: readonly string[]): string {
  return missingLabels.length > 1
    ? t('forms.requiredFields', { fields: missingLabels.join(', ') })
    : t('forms.fixErrors');
}
