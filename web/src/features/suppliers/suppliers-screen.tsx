import { useTranslation } from 'react-i18next';
import { Page } from '#web/ui/page';
import { useSuppliers } from './api/get-suppliers';
import './suppliers.css';

/** Suppliers with their logos and number of cars (spec §2; the route exists only when suppliers are not hidden). */
export function SuppliersScreen() {
  const { t } = useTranslation();
  const { data } = useSuppliers();
  // The answer is trusted as typed (api-client); a list is still checked so a wrong answer shows an empty page.
  const suppliers = Array.isArray(data) ? data : [];
  return (
    <Page title={t('suppliers.title')} description={t('suppliers.description')}>
      <ul className="suppliers-page">
        {suppliers.map((supplier) => (
          <li key={supplier._id} className="suppliers-page__item">
            {supplier.logo ? <img src={supplier.logo} alt="" width={120} height={60} loading="lazy" /> : null}
            <h2 className="suppliers-page__name">{supplier.fullName}</h2>
            <p className="suppliers-page__count">{t('suppliers.carCount', { count: supplier.carCount })}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
