import { z } from 'zod';
import { BASE_CURRENCY, CURRENCIES, currencyError, MAX_CONVERSION_AMOUNT } from './currencies.ts';

// Spec §8 wording: '{code} is not a valid currency code' / 'Currency {code} not supported'.
export const CurrencyCodeSchema = z.enum(CURRENCIES, {
  error: (issue) => {
    const code = String(issue.input);
    return currencyError(code) === 'unsupported'
      ? `Currency ${code} not supported`
      : `${code} is not a valid currency code`;
  },
});

export const ConversionAmountSchema = z
  .number({ error: 'amount should be a positive number' })
  .positive({ error: 'amount should be a positive number' });

/** `GET /api/convert` query (spec §5: supported codes, a positive amount in major units). */
export const ConvertQuerySchema = z.object({
  amount: z.coerce
    .number({ error: 'amount should be a positive number' })
    .positive({ error: 'amount should be a positive number' })
    .refine(Number.isFinite, { error: 'amount should be a positive number' })
    .max(MAX_CONVERSION_AMOUNT, { error: `amount should be at most ${MAX_CONVERSION_AMOUNT}` }),
  from: CurrencyCodeSchema,
  to: CurrencyCodeSchema,
});

/** `GET /api/convert` answer: `result` is `amount` in `to`, rounded to its minor unit. */
export const ConversionSchema = z.object({
  amount: z.number(),
  from: CurrencyCodeSchema,
  to: CurrencyCodeSchema,
  rate: z.number().positive(),
  result: z.number(),
  source: z.string().min(1),
});

/**
 * `GET` currency rates answer: units of each currency per 1 EUR. Partial because a provider may
 * not quote every code; the client shows the base currency for a code without a rate.
 */
export const RatesSchema = z.object({
  base: z.literal(BASE_CURRENCY),
  rates: z.partialRecord(CurrencyCodeSchema, z.number().positive()),
  fetchedAt: z.iso.datetime({ offset: true }),
  source: z.string().min(1),
});
