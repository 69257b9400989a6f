import { formatMinor } from '@roam/contract/money';
import { useLanguage } from '#web/i18n/index';

/** Minor units in the reader's language; an amount a gateway sent without a currency, as a bare number. */
export function useMoney() {
  const language = useLanguage();
  return (minor: number, currency: string) =>
    /^[A-Z]{3}$/.test(currency) ? formatMinor(minor, currency, language) : String(minor);
}
