import { COUNTER_MESSAGES } from '@roam/contract/counter';
import type { TFunction } from 'i18next';
import { isApiError } from '#web/lib/api-client';
import type { MessageTranslator } from '#web/lib/form-messages';
import { licenceMessages } from '#web/lib/licence-messages';

// The counter's refusals speak the contract's English (COUNTER_MESSAGES); the console shows them in the reader's
// words — at their fields through the form hook's translators, above the form by their code and text.

const STILL_ON_RENT = /^This car is still on rent \(booking (\w+)\)\./;
const TOO_EARLY = /^Check-out opens at /;
const NO_SHOW_EARLY = /^A no-show can be recorded from /;
const BALANCE_OPEN = /^The balance is not settled yet: /;
const OVER_BALANCE = /^The amount is more than the balance due /;
const OVER_DESK_REFUND = /^The amount is more than can be given back at the desk /;
const OVER_DEPOSIT = /^The amount is more than the booking's deposit /;

const counterMessages: MessageTranslator = (t: TFunction, message: string) => {
  const reference = STILL_ON_RENT.exec(message)?.[1];
  if (reference) return t('operatorCounter.errors.carStillOnRent', { reference });
  if (TOO_EARLY.test(message)) return t('operatorCounter.errors.tooEarly');
  if (NO_SHOW_EARLY.test(message)) return t('operatorCounter.errors.noShowTooEarly');
  if (BALANCE_OPEN.test(message)) return t('operatorCounter.errors.balanceOpen');
  if (OVER_BALANCE.test(message)) return t('operatorCounter.errors.overBalance');
  if (OVER_DESK_REFUND.test(message)) return t('operatorCounter.errors.overDeskRefund');
  if (OVER_DEPOSIT.test(message)) return t('operatorCounter.errors.overDeposit');
  const keys: Partial<Record<string, `operatorCounter.errors.${string}`>> = {
    [COUNTER_MESSAGES.notConfirmed]: 'operatorCounter.errors.notConfirmed',
    [COUNTER_MESSAGES.alreadyChanged]: 'operatorCounter.errors.alreadyChanged',
    [COUNTER_MESSAGES.fuelReading]: 'operatorCounter.errors.fuelReading',
    [COUNTER_MESSAGES.unknownZone]: 'operatorCounter.errors.stale',
    [COUNTER_MESSAGES.unknownChecklistItem]: 'operatorCounter.errors.stale',
    [COUNTER_MESSAGES.photoNotFound]: 'operatorCounter.errors.stale',
    [COUNTER_MESSAGES.swapRange]: 'operatorCounter.errors.swapRange',
    [COUNTER_MESSAGES.swapUnavailable]: 'operatorCounter.errors.swapUnavailable',
    [COUNTER_MESSAGES.notOnRent]: 'operatorCounter.errors.notOnRent',
    [COUNTER_MESSAGES.returnBeforeCheckOut]: 'operatorCounter.errors.returnBeforeCheckOut',
    [COUNTER_MESSAGES.returnInFuture]: 'operatorCounter.errors.returnInFuture',
    [COUNTER_MESSAGES.odometerBack]: 'operatorCounter.errors.odometerBack',
    [COUNTER_MESSAGES.quoteChanged]: 'operatorCounter.errors.quoteChanged',
    [COUNTER_MESSAGES.notReturned]: 'operatorCounter.errors.notReturned',
    [COUNTER_MESSAGES.nothingDue]: 'operatorCounter.errors.nothingDue',
    [COUNTER_MESSAGES.chargeUnderWay]: 'operatorCounter.errors.chargeUnderWay',
    [COUNTER_MESSAGES.nothingToRefund]: 'operatorCounter.errors.nothingToRefund',
    [COUNTER_MESSAGES.refundAtDesk]: 'operatorCounter.errors.refundAtDesk',
    [COUNTER_MESSAGES.balanceLinkNotOpen]: 'operatorCounter.errors.balanceLinkNotOpen',
    [COUNTER_MESSAGES.noGateway]: 'operatorCounter.errors.noGateway',
    [COUNTER_MESSAGES.paymentNotOpen]: 'operatorCounter.errors.paymentNotOpen',
    [COUNTER_MESSAGES.chargeWaived]: 'operatorCounter.errors.chargeWaived',
    [COUNTER_MESSAGES.depositNotOpen]: 'operatorCounter.errors.depositNotOpen',
    [COUNTER_MESSAGES.depositHeld]: 'operatorCounter.errors.depositHeld',
    [COUNTER_MESSAGES.noDeposit]: 'operatorCounter.errors.noDeposit',
    [COUNTER_MESSAGES.laterChargeWindow]: 'operatorCounter.errors.laterChargeWindow',
  };
  const key = keys[message];
  return key ? t(key as never) : undefined;
};

/** The translators the counter's screens add while shown (lib/use-message-translators.ts). */
export const COUNTER_TRANSLATORS: readonly MessageTranslator[] = [licenceMessages, counterMessages];

/** A refusal that names no field, in the reader's words: by its message where the counter knows it, else by code. */
export function refusalText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('operatorCounter.errors.generic');
  for (const translate of COUNTER_TRANSLATORS) {
    const text = translate(t, error.message);
    if (text) return text;
  }
  if (error.code === 'NETWORK_ERROR') return t('operatorCounter.errors.network');
  if (error.code === 'CONFLICT' || error.code === 'CAR_UNAVAILABLE') return t('operatorCounter.errors.alreadyChanged');
  return t('operatorCounter.errors.generic');
}
