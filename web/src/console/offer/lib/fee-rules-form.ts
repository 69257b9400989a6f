import type { FeeRules } from '@roam/contract/rental-fees';
import { minorFromText, textFromMinor } from '#web/console/lib/car-form';
import type { FeeRulesBody } from '../api/fee-rules';

// A business's fees by rule as its editor holds them (docs/api.md "Fees by rule"): ages and euros as typed, the
// senior band with a switch. The field names are the contract's, so its errors and the server's land on them.

export type BandValues = { fromAge: string; toAge: string; dailyFee: string };
export type PairValues = { fromCountryId: string; toCountryId: string; fee: string };
export type FeeRulesValues = {
  youngDriver: readonly BandValues[];
  senior: boolean;
  seniorDriver: { fromAge: string; dailyFee: string };
  oneWayRefused: boolean;
  countryPairs: readonly PairValues[];
};

/** A new senior band starts at this age (the business changes it). */
const SENIOR_FROM = '75';

const age = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);
const euros = (text: string) => minorFromText(text) ?? Number.NaN;

export function feeRulesValues(rules: FeeRules, format: (value: number) => string): FeeRulesValues {
  const money = (amount: number) => textFromMinor(amount, format);
  return {
    youngDriver: rules.youngDriver.map((band) => ({
      fromAge: String(band.fromAge),
      toAge: String(band.toAge),
      dailyFee: money(band.dailyFee),
    })),
    senior: rules.seniorDriver !== null,
    seniorDriver: rules.seniorDriver
      ? { fromAge: String(rules.seniorDriver.fromAge), dailyFee: money(rules.seniorDriver.dailyFee) }
      : { fromAge: SENIOR_FROM, dailyFee: '' },
    oneWayRefused: rules.oneWayRefused,
    countryPairs: rules.countryPairs.map((pair) => ({ ...pair, fee: money(pair.fee) })),
  };
}

export function feeRulesBody(values: FeeRulesValues, supplierId: string): FeeRulesBody {
  return {
    supplierId,
    youngDriver: values.youngDriver.map((band) => ({
      fromAge: age(band.fromAge),
      toAge: age(band.toAge),
      dailyFee: euros(band.dailyFee),
    })),
    seniorDriver: values.senior
      ? { fromAge: age(values.seniorDriver.fromAge), dailyFee: euros(values.seniorDriver.dailyFee) }
      : null,
    oneWayRefused: values.oneWayRefused,
    countryPairs: values.countryPairs.map((pair) => ({ ...pair, fee: euros(pair.fee) })),
  };
}

export const feeRulesSchema = () =>
  import('@roam/contract/rental-fees.schema').then((contract) => contract.UpdateFeeRulesBodySchema);
