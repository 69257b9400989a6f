import { z } from 'zod';
import { MAX_STORED_AMOUNT } from './money.ts';
import { FEE_RULES_MESSAGES, LOWEST_MINIMUM_AGE, MAX_AGE_BANDS, MAX_COUNTRY_PAIRS } from './rental-fees.ts';

// The schemas of a business's fees by rule (their rules and messages: rental-fees.ts). Money in EUR minor units,
// like a car's prices.

const Fee = z.number().int().min(0).max(MAX_STORED_AMOUNT);
const Age = z.number().int().min(LOWEST_MINIMUM_AGE).max(120);

export const AgeBandSchema = z
  .object({ fromAge: Age, toAge: Age, dailyFee: Fee })
  .refine(({ fromAge, toAge }) => fromAge <= toAge, { path: ['toAge'], error: FEE_RULES_MESSAGES.bandOrder });

export const CountryPairFeeSchema = z.object({ fromCountryId: z.uuid(), toCountryId: z.uuid(), fee: Fee });

export const FeeRulesSchema = z.object({
  /** Young drivers' bands, apart: a driver whose age is in one pays its fee per day. */
  youngDriver: z
    .array(AgeBandSchema)
    .max(MAX_AGE_BANDS)
    .superRefine((bands, issues) => {
      for (let i = 0; i < bands.length; i++) {
        const band = bands[i];
        if (!band) continue;
        const overlaps = bands.some((other, j) => j < i && other.fromAge <= band.toAge && band.fromAge <= other.toAge);
        if (overlaps)
          issues.addIssue({ code: 'custom', path: [i, 'fromAge'], message: FEE_RULES_MESSAGES.bandsOverlap });
      }
    }),
  /** From this age on, a driver pays this fee per day; null: none. */
  seniorDriver: z.object({ fromAge: Age, dailyFee: Fee }).nullable(),
  /** The business takes no rental returned elsewhere than picked up. */
  oneWayRefused: z.boolean(),
  /** A one-way fee per pair of countries (after the counter's pairs of places, before its flat fee). */
  countryPairs: z
    .array(CountryPairFeeSchema)
    .max(MAX_COUNTRY_PAIRS)
    .superRefine((pairs, issues) => {
      pairs.forEach((pair, i) => {
        const twice = pairs.some(
          (other, j) => j < i && other.fromCountryId === pair.fromCountryId && other.toCountryId === pair.toCountryId,
        );
        if (twice) issues.addIssue({ code: 'custom', path: [i, 'toCountryId'], message: FEE_RULES_MESSAGES.pairTwice });
      });
    }),
});

/** `GET /api/supplier-fee-rules/{id}` (the supplier's id) and the body of `PUT /api/update-supplier-fee-rules`. */
export const FeeRulesParamsSchema = z.object({ id: z.uuid() });
export const UpdateFeeRulesBodySchema = FeeRulesSchema.extend({ supplierId: z.uuid() });

/** `GET /api/car-rental-fees/{id}?pickupLocationId=&dropoffLocationId=` (the car's id): a rental's fee quote. */
export const CarRentalFeesQuerySchema = z.object({ pickupLocationId: z.uuid(), dropoffLocationId: z.uuid() });

/** The answer (fee-quote.ts `FeeQuote`): the age bands, and the one-way fee of the two places or their refusal. */
export const FeeQuoteSchema = z.object({
  youngDriver: z.array(z.object({ fromAge: z.number().int(), toAge: z.number().int(), dailyFee: Fee })),
  seniorDriver: z.object({ fromAge: z.number().int(), dailyFee: Fee }).nullable(),
  oneWayRefused: z.boolean(),
  oneWayFee: Fee.nullable(),
});
