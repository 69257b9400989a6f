import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The sections of one car: its details and prices, its availability, its history. */
export function CarTabs({ carId }: { carId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/operator/cars/${encodeURIComponent(carId)}`;
  const tabs = [
    { to: base, label: t('operatorCars.tabs.details') },
    { to: `${base}/availability`, label: t('operatorCars.tabs.availability') },
    { to: `${base}/history`, label: t('operatorCars.tabs.history') },
  ];
  return (
    <nav className="car-tabs" aria-label={t('operatorCars.tabs.label')}>
      <ul className="car-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className="car-tabs__link" aria-current={pathname === tab.to ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
