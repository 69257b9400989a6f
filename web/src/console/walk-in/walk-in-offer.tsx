import type { CarSearchResult } from '@roam/contract/cars';
import type { OfferedCatalogueExtra } from '@roam/contract/catalogue-extras';
import { type FeeQuote, feesOfQuote } from '@roam/contract/fee-quote';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { PriceBreakdown, PriceExtraLines } from '@roam/contract/price';
import type { RentalFees } from '@roam/contract/rental-fees';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { api } from '#web/lib/api-client';
import { type CatalogueChoice, CatalogueExtraChoices, cataloguePricing } from '#web/ui/catalogue-extra-choices';
import { priceLineLabel } from '#web/ui/price-line-label';

// The business's offer at the desk (docs/architecture.md §5 "Catalogue extras", "Fees by rule"): the car's own extras
// at the place over the period — the optional ones with a quantity, sold out when none is left, the mandatory ones
// fixed — and the fees by rule of the customer's age (the walk-in returns the car where it is picked up: no one-way
// fee), each priced by the contract's one price function as the server's walk-in charges them, and every line shown
// before Book. The same public answers as the customer's checkout (`car-catalogue-extras`, `car-rental-fees`).

type Rental = { pickupAt: string; dropoffAt: string };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the offer adds to the desk's price, and what the walk-in sends; `ready` false while an answer is awaited. */
export type DeskOffer = {
  ready: boolean;
  /** An answer did not come: the desk cannot price the booking, so it does not book it. */
  failed: boolean;
  offered: OfferedCatalogueExtra[];
  choice: CatalogueChoice;
  setChoice: (choice: CatalogueChoice) => void;
  catalogueExtras: PriceExtraLines | undefined;
  rentalFees: RentalFees;
  /** The body's `catalogueExtras`: the optional ones chosen and the mandatory ones. */
  chosen: { extraId: string; quantity: number }[];
};

export function useDeskOffer(
  car: CarSearchResult | undefined,
  place: string,
  when: Rental | null,
  driver: { birthDate: string; timeZone: string | undefined },
): DeskOffer {
  const [choice, setChoice] = useState<CatalogueChoice>({});
  const enabled = Boolean(car && place && when);
  const carId = car?._id ?? '';
  const period = new URLSearchParams({
    locationId: place,
    pickupAt: when?.pickupAt ?? '',
    dropoffAt: when?.dropoffAt ?? '',
  });
  const catalogue = useQuery({
    queryKey: ['car-catalogue-extras', carId, `${period}`],
    queryFn: ({ signal }) =>
      api.get<OfferedCatalogueExtra[]>(`/api/car-catalogue-extras/${carId}?${period}`, { signal }),
    enabled,
  });
  const places = new URLSearchParams({ pickupLocationId: place, dropoffLocationId: place });
  const fees = useQuery({
    queryKey: ['car-rental-fees', carId, `${places}`],
    queryFn: ({ signal }) => api.get<FeeQuote>(`/api/car-rental-fees/${carId}?${places}`, { signal }),
    enabled,
  });
  const offered = catalogue.data ?? [];
  const { chosen, lines } = cataloguePricing(offered, choice);
  const birthDate = DATE.test(driver.birthDate) ? driver.birthDate : null;
  const rentalFees =
    fees.data && when && driver.timeZone
      ? feesOfQuote(fees.data, { birthDate, pickupAt: new Date(when.pickupAt), timeZone: driver.timeZone })
      : {};
  return {
    ready: !enabled || (catalogue.isSuccess && fees.isSuccess),
    failed: enabled && (catalogue.isError || fees.isError),
    offered,
    choice,
    setChoice,
    catalogueExtras: lines,
    rentalFees,
    chosen: chosen.map(({ id, quantity }) => ({ extraId: id, quantity })),
  };
}

/** The car's own extras to choose, when it offers any. */
export function DeskCatalogue({ offer, car }: { offer: DeskOffer; car: CarSearchResult }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (offer.offered.length === 0) return null;
  return (
    <fieldset className="walk-in__group">
      <legend>{t('checkout.catalogue.title')}</legend>
      <CatalogueExtraChoices
        id="walk-in-catalogue"
        offered={offer.offered}
        choice={offer.choice}
        onChoice={offer.setChoice}
        priceChangeRate={car.supplier.priceChangeRate}
        format={(amount) => formatMinor(amount, 'EUR', language)}
      />
    </fieldset>
  );
}

/** Every line of the price, as the receipt will list them: said at the counter before Book. */
export function DeskLines({ price, language }: { price: PriceBreakdown; language: Language }) {
  const { t } = useTranslation();
  return (
    <dl className="walk-in__lines">
      {price.lines.map((line) => (
        <div key={line.extraId ?? line.item}>
          <dt>{priceLineLabel(t, language, line, price.rentalDays)}</dt>
          <dd>{formatMinor(line.amount, 'EUR', language)}</dd>
        </div>
      ))}
    </dl>
  );
}
