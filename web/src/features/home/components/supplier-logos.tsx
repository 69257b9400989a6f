import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '#web/lib/settings';
import { useSuppliers } from '#web/features/suppliers/api/get-suppliers';

/** Supplier logos (spec §2), only when the deployment does not hide suppliers. */
export function SupplierLogos() {
  const { t } = useTranslation();
  const { hideSuppliers } = useSettings();
  const { data: suppliers } = useSuppliers({ enabled: !hideSuppliers });
  if (hideSuppliers || !suppliers || suppliers.length === 0) return null;
  return (
    <section className="home-section container" aria-labelledby="home-suppliers-title">
      <h2 id="home-suppliers-title" className="home-section__title">
        {t('home.suppliers.title')}
      </h2>
      <ul className="supplier-logos">
        {suppliers.map((supplier) => (
          <li key={supplier._id} className="supplier-logos__item">
            {supplier.logo ? (
              <img src={supplier.logo} alt={supplier.fullName} width={120} height={60} loading="lazy" />
            ) : (
              <span>{supplier.fullName}</span>
            )}
          </li>
        ))}
      </ul>
      <Link to="/suppliers" className="home-section__more">
        {t('home.suppliers.all')}
      </Link>
    </section>
  );
}
