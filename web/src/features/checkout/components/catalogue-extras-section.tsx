import type { CarDetails } from '@roam/contract/cars';
import {
  type BookedCatalogueExtra,
  catalogueExtraLines,
  type OfferedCatalogueExtra,
} from '@roam/contract/catalogue-extras';
import { withPriceChange } from '@roam/contract/price';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { api } from '#web/lib/api-client';
import type { SearchCriteria } from '#web/lib/search-params';
import { useMoney } from '#web/lib/use-money';
import type { CheckoutForm } from '../lib/use-checkout-form';

// The business's own extras on the checkout (docs/architecture.md §5 "Catalogue extras"), a chunk of its own loaded
// after first paint with the sections below the fold (checkout-more.tsx): what the car offers at the pick-up location over the period, how many are left, a quantity for
// each; the mandatory ones fixed at one. Each label is the contract's unit (the supplier's percentage in), so label ×
// days is the summary's line; the form prices the choice with the one price engine (use-checkout-form.ts).

type Props = { checkout: CheckoutForm; car: CarDetails; criteria: SearchCriteria };

const booked = (extra: OfferedCatalogueExtra, quantity: number): BookedCatalogueExtra => ({
  id: extra._id,
  names: extra.names,
  charge: extra.charge,
  price: extra.price,
  maxPerRental: extra.maxPerRental,
  quantity,
  mandatory: extra.mandatory,
});

export function CatalogueExtrasSection({ checkout, car, criteria }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const id = useId();
  const [offered, setOffered] = useState<OfferedCatalogueExtra[]>([]);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const { setCatalogue } = checkout;
  const rate = car.supplier.priceChangeRate;

  useEffect(() => {
    const query = new URLSearchParams({
      locationId: criteria.pickupLocationId,
      pickupAt: criteria.pickupAt,
      dropoffAt: criteria.dropoffAt,
    });
    let live = true;
    api.get<OfferedCatalogueExtra[]>(`/api/car-catalogue-extras/${car._id}?${query}`).then(
      (answer) => live && setOffered(answer),
      // Without the list, only what the server adds by itself is charged (the mandatory ones): the server says so.
      () => live && setCatalogue({ chosen: [], lines: undefined }),
    );
    return () => {
      live = false;
    };
  }, [car._id, criteria.pickupLocationId, criteria.pickupAt, criteria.dropoffAt, setCatalogue]);

  useEffect(() => {
    const list = offered.flatMap((extra) => {
      const quantity = extra.mandatory ? Math.max(1, chosen[extra._id] ?? 1) : (chosen[extra._id] ?? 0);
      return quantity > 0 ? [booked(extra, quantity)] : [];
    });
    setCatalogue({ chosen: list, lines: catalogueExtraLines(list) });
  }, [offered, chosen, setCatalogue]);

  if (offered.length === 0) return null;
  const label = (extra: OfferedCatalogueExtra) => {
    const unit = money.format(withPriceChange(extra.price, rate));
    if (extra.charge === 'perRental') return t('checkout.catalogue.perRental', { price: unit });
    const most = extra.maxPerRental === null ? null : money.format(withPriceChange(extra.maxPerRental, rate));
    return most
      ? t('checkout.catalogue.perDayMost', { price: unit, most })
      : t('checkout.catalogue.perDay', { price: unit });
  };
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('checkout.catalogue.title')}
      </h2>
      <ul className="catalogue-extras">
        {offered.map((extra) => {
          const most = Math.min(extra.maxQuantity, extra.left ?? extra.maxQuantity);
          const field = `${id}-${extra._id}`;
          return (
            <li key={extra._id} className="catalogue-extras__item">
              <label htmlFor={field}>{extra.names[language] || extra.names.en}</label>
              <span id={`${field}-price`} className="extras-toggles__price">
                {label(extra)}
                {extra.mandatory ? ` · ${t('checkout.catalogue.mandatory')}` : ''}
                {most === 0 && !extra.mandatory ? ` · ${t('checkout.catalogue.soldOut')}` : ''}
              </span>
              <select
                id={field}
                aria-describedby={`${field}-price`}
                disabled={extra.mandatory || most === 0}
                value={extra.mandatory ? 1 : (chosen[extra._id] ?? 0)}
                onChange={(event) => setChosen({ ...chosen, [extra._id]: Number(event.target.value) })}
              >
                {[...Array(Math.max(most, extra.mandatory ? 1 : 0) + 1).keys()].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
