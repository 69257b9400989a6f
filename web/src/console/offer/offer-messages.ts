import { CATALOGUE_EXTRA_MESSAGES } from '@roam/contract/catalogue-extras';
import { PROMO_MESSAGES } from '@roam/contract/promo-codes';
import { FEE_RULES_MESSAGES } from '@roam/contract/rental-fees';
import type { TFunction } from 'i18next';
import type { MessageTranslator } from '#web/lib/form-messages';

// The offer's rules speak the contract's English (PROMO_MESSAGES, CATALOGUE_EXTRA_MESSAGES, FEE_RULES_MESSAGES and the
// schemas' own words); its forms show them translated at their fields (lib/form-messages.ts addMessageTranslator), as
// the fleet's forms do (console/lib/fleet-messages.ts).

const KEYS: Readonly<Record<string, `operatorOffer.errors.${string}`>> = {
  'A percentage is at most 100.': 'operatorOffer.errors.percentAtMost100',
  'The last day is before the first.': 'operatorOffer.errors.lastBeforeFirst',
  [PROMO_MESSAGES.codeTaken]: 'operatorOffer.errors.codeTaken',
  [PROMO_MESSAGES.invalid]: 'operatorOffer.errors.invalidCode',
  'Only a price per day has a maximum per rental.': 'operatorOffer.errors.onlyPerDayMax',
  [CATALOGUE_EXTRA_MESSAGES.maxBelowPrice]: 'operatorOffer.errors.maxBelowPrice',
  'Each location once.': 'operatorOffer.errors.placeTwice',
  [FEE_RULES_MESSAGES.bandOrder]: 'operatorOffer.errors.bandOrder',
  [FEE_RULES_MESSAGES.bandsOverlap]: 'operatorOffer.errors.bandsOverlap',
  [FEE_RULES_MESSAGES.pairTwice]: 'operatorOffer.errors.pairTwice',
};

const translate: MessageTranslator = (t: TFunction, message: string) => {
  const key = KEYS[message];
  return key ? t(key as never) : undefined;
};

/** The translators the offer's screens add while shown (lib/use-message-translators.ts). */
export const OFFER_TRANSLATORS: readonly MessageTranslator[] = [translate];
