import type { CarDetails } from '@roam/contract/cars';
import type { OfferedCatalogueExtra } from '@roam/contract/catalogue-extras';
import { type FeeQuote, feesOfQuote, ONE_WAY_REFUSED } from '@roam/contract/fee-quote';
import { type PromoDiscount, promoLine } from '@roam/contract/promo-codes';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '#web/lib/api-client';
import type { SearchCriteria } from '#web/lib/search-params';
import { useMoney } from '#web/lib/use-money';
import { type CatalogueChoice, CatalogueExtraChoices, cataloguePricing } from '#web/ui/catalogue-extra-choices';
import type { CheckoutForm } from '../lib/use-checkout-form';
import { PromoField } from './promo-field';

// The business's offer on the checkout, a chunk loaded after the first paint with the sections below the fold
// (checkout-more.tsx; docs/architecture.md §5 "Catalogue extras", "Fees by rule", "Promo codes"): its own extras at
// the pick-up location over the period, the fees by rule of the two places and the driver's date of birth once typed,
// and a promo code. Each is reported to the form as the one price engine takes it (use-checkout-form.ts), so the
// summary shows before Book the lines the server's checkout charges; a Book waits for the first report.

type Props = { checkout: CheckoutForm; car: CarDetails; criteria: SearchCriteria };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A public answer, asked again twice (after a second, then two) when the network or the server failed: the price
 * waits for the fees' quote. A refusal (an unknown car or place) is final: the price cannot be given.
 */
async function answer<T>(url: string, tries = 3): Promise<T> {
  try {
    return await api.get<T>(url);
  } catch (error) {
    const refused = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
    if (tries <= 1 || refused) throw error;
    await new Promise((resolve) => setTimeout(resolve, (4 - tries) * 1000));
    return answer<T>(url, tries - 1);
  }
}

/** The catalogue's offer and the fees' quote for the car, places and period; null until each has answered. */
function useOfferAnswers({ car, criteria }: Omit<Props, 'checkout'>) {
  const [offered, setOffered] = useState<OfferedCatalogueExtra[] | null>(null);
  const [quote, setQuote] = useState<FeeQuote | 'failed' | null>(null);
  const { pickupLocationId, dropoffLocationId, pickupAt, dropoffAt } = criteria;
  useEffect(() => {
    let live = true;
    const period = new URLSearchParams({ locationId: pickupLocationId, pickupAt, dropoffAt });
    // Without the list, only what the server adds by itself is charged (the mandatory ones): the server says so.
    answer<OfferedCatalogueExtra[]>(`/api/car-catalogue-extras/${car._id}?${period}`, 1).then(
      (list) => live && setOffered(list),
      () => live && setOffered([]),
    );
    const places = new URLSearchParams({ pickupLocationId, dropoffLocationId });
    answer<FeeQuote>(`/api/car-rental-fees/${car._id}?${places}`).then(
      (found) => live && setQuote(found),
      () => live && setQuote('failed'),
    );
    return () => {
      live = false;
    };
  }, [car._id, pickupLocationId, dropoffLocationId, pickupAt, dropoffAt]);
  return { offered, quote };
}

export function OfferSection({ checkout, car, criteria }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const { offered, quote } = useOfferAnswers({ car, criteria });
  const [choice, setChoice] = useState<CatalogueChoice>({});
  const [promo, setPromo] = useState<PromoDiscount | null>(null);
  const { setCatalogue, form, timeZone } = checkout;
  // The form's calls are new each render: the effects below run on what they say, not on them.
  const formNow = useRef(form);
  formNow.current = form;
  const birthDate = form.values.driver.birthDate;
  const typed = DATE.test(birthDate) ? birthDate : null;

  useEffect(() => {
    if (offered === null || quote === null) return;
    const fees =
      quote === 'failed'
        ? null
        : feesOfQuote(quote, { birthDate: typed, pickupAt: new Date(criteria.pickupAt), timeZone });
    const discount = promo ? { promo: { code: promo.code, discount: promoLine(promo) } } : {};
    setCatalogue({ ...cataloguePricing(offered, choice), fees, ...discount });
  }, [offered, quote, choice, promo, typed, criteria.pickupAt, timeZone, setCatalogue]);

  // A refusal said before Book at its field, in the server's words: a one-way rental the business does not take
  // (at the drop-off), a driver under the car's minimum age (at the date of birth, once typed).
  const refused = quote !== null && quote !== 'failed' && quote.oneWayRefused;
  useEffect(() => {
    void formNow.current.setServerError('dropoffLocationId', refused ? ONE_WAY_REFUSED : null);
  }, [refused]);
  useEffect(() => {
    if (typed) void formNow.current.validateField('driver.birthDate');
  }, [typed]);

  return (
    <>
      {offered && offered.length > 0 ? (
        <section className="checkout-section" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="checkout-section__title">
            {t('checkout.catalogue.title')}
          </h2>
          <CatalogueExtraChoices
            id={id}
            offered={offered}
            choice={choice}
            onChoice={setChoice}
            priceChangeRate={car.supplier.priceChangeRate}
            format={money.format}
          />
        </section>
      ) : null}
      <PromoField checkout={checkout} car={car} criteria={criteria} applied={promo} onApplied={setPromo} />
    </>
  );
}
