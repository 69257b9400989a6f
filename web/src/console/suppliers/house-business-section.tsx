import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '#web/ui/toast';
import { useCreateHouseBusiness, useHouseBusiness } from './api/suppliers';

/**
 * The admin's own business (docs/decisions/0013-the-owner-runs-their-own-business.md): one button makes it, named
 * as the site, with no second address; then it says where its e-mails go and opens its profile.
 */
export function HouseBusinessSection() {
  const { t } = useTranslation();
  const id = useId();
  const { data } = useHouseBusiness();
  const create = useCreateHouseBusiness();
  if (!data) return null;
  const { business } = data;
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {business ? t('operatorAdmin.suppliers.house.ownTitle') : t('operatorAdmin.suppliers.house.title')}
      </h2>
      {business ? (
        <>
          <p>{t('operatorAdmin.suppliers.house.made', { name: business.fullName, email: business.email })}</p>
          <Link className="button button--secondary" to={`/operator/profile?supplier=${business._id}`}>
            {t('operatorAdmin.suppliers.house.profile')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('operatorAdmin.suppliers.house.description')}</p>
          <button
            type="button"
            className="button"
            disabled={create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                onSuccess: (made) => toast.success(t('operatorAdmin.suppliers.house.done', { name: made.fullName })),
                onError: () => toast.error(t('operatorAdmin.error')),
              })
            }
          >
            {t('operatorAdmin.suppliers.house.create')}
          </button>
        </>
      )}
    </section>
  );
}
