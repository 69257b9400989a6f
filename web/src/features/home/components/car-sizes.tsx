import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NO_FILTERS, toSearchParams } from '#web/lib/search-params';
import { useMoney } from '#web/lib/use-money';
import { useRangePrices } from '#web/features/cars/api/get-range-prices';

const SIZES = ['mini', 'midi', 'maxi'] as const;

/** Car sizes (spec §2): Car, SUV and Van with their 'from' prices, each opening the search with that range. */
export function CarSizes() {
  const { t } = useTranslation();
  const money = useMoney();
  const { data: prices } = useRangePrices();
  return (
    <section className="home-section container" aria-labelledby="home-sizes-title">
      <h2 id="home-sizes-title" className="home-section__title">
        {t('home.sizes.title')}
      </h2>
      <ul className="car-sizes">
        {SIZES.map((range) => {
          const from = prices?.find((entry) => entry.range === range)?.fromDailyPrice;
          return (
            <li key={range}>
              <Link className="car-size" to={`/search?${toSearchParams(null, { ...NO_FILTERS, ranges: [range] })}`}>
                <span className="car-size__name">{t(`cars.range.${range}`)}</span>
                <span className="car-size__text">{t(`home.sizes.${range}`)}</span>
                <span className="car-size__price">
                  {from !== undefined ? t('home.sizes.from', { price: money.formatFrom(from) }) : '\u00a0'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
