import { COUNTER_MESSAGES } from '@roam/contract/counter';
import type { TFunction } from 'i18next';
import type { MessageTranslator } from './form-messages';

// The counter's checks of a licence and a signature speak the contract's English (COUNTER_MESSAGES, the schemas'
// messages); the customer's check-in and the console's check-out show them in the reader's words (the `checkIn`
// area), through the one form hook's translators (lib/form-messages.ts addMessageTranslator), added by the screen
// that shows them, so that no other form carries these words.

const TOO_YOUNG = /^The driver must be at least (\d+) years old\.$/;

export const licenceMessages: MessageTranslator = (t: TFunction, message: string) => {
  const age = TOO_YOUNG.exec(message)?.[1];
  if (age) return t('checkIn.errors.tooYoung', { age });
  switch (message) {
    case COUNTER_MESSAGES.licenceExpired:
      return t('checkIn.errors.licenceExpired');
    case COUNTER_MESSAGES.licenceRequired:
      return t('checkIn.errors.licenceRequired');
    case COUNTER_MESSAGES.signatureRequired:
      return t('checkIn.errors.signatureRequired');
    case COUNTER_MESSAGES.checkInClosed:
      return t('checkIn.errors.closed');
    // contract counter.schema.ts: the licence's country, the typed signature's consent, the drawn one's image.
    case 'A country code of two letters.':
      return t('checkIn.errors.country');
    case 'Tick the box to sign.':
      return t('checkIn.errors.consent');
    case 'A PNG image.':
      return t('checkIn.errors.signatureRequired');
    default:
      return undefined;
  }
};
