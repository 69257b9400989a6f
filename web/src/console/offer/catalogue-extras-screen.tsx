import type { CatalogueExtra } from '@roam/contract/catalogue-extras';
import { BASE_CURRENCY } from '@roam/contract/currencies';
import { formatMinor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import { useSession } from '#web/lib/session';
import { useMessageTranslators } from '#web/lib/use-message-translators';
import { useConfirm } from '#web/ui/confirm';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import { SupplierParam } from '#web/console/components/supplier-select';
import { TableScroll } from '#web/console/components/table-scroll';
import { usePermissions } from '#web/console/team/api/team';
import '#web/console/components/admin.css';
import { deleteCatalogueExtra, useCatalogueExtras } from './api/catalogue-extras';
import { CatalogueExtraForm } from './catalogue-extra-form';
import { OFFER_TRANSLATORS } from './offer-messages';
import './offer.css';

/**
 * The business's own extras (`/operator/extras`, docs/architecture.md §5 "Catalogue extras"): the list with their
 * prices, stock and the cars that offer them; new, edit and delete for a role with `prices.write`, read-only for the
 * others who sell them. The admin chooses the business (`?supplier=`).
 */
export function CatalogueExtrasScreen() {
  const { t } = useTranslation();
  useMessageTranslators(OFFER_TRANSLATORS);
  const admin = useSession().user?.type === 'admin';
  const writes = usePermissions().has('prices.write');
  const [params] = useSearchParams();
  const supplierId = admin ? (params.get('supplier') ?? '') : '';
  const extras = useCatalogueExtras(supplierId);
  const [editing, setEditing] = useState<CatalogueExtra | 'new' | null>(null);
  // The admin names the business of a new extra first.
  const canAdd = writes && (!admin || supplierId !== '');
  return (
    <Page title={t('operatorOffer.extras.title')} description={t('operatorOffer.extras.description')}>
      {admin ? (
        <SupplierParam label={t('operatorOffer.common.supplier')} empty={t('operatorOffer.common.chooseSupplier')} />
      ) : null}
      {writes ? null : <p>{t('operatorOffer.common.readOnly')}</p>}
      {extras.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorOffer.common.error')}
        </p>
      ) : extras.data ? (
        <ExtrasTable extras={extras.data} onEdit={writes ? setEditing : null} />
      ) : (
        <PageLoading />
      )}
      {editing !== null ? (
        <CatalogueExtraForm
          key={editing === 'new' ? 'new' : editing._id}
          extra={editing === 'new' ? null : editing}
          supplierId={supplierId}
          onDone={() => setEditing(null)}
        />
      ) : canAdd ? (
        <button type="button" className="button button--accent" onClick={() => setEditing('new')}>
          {t('operatorOffer.extras.new')}
        </button>
      ) : null}
    </Page>
  );
}

type ExtrasTableProps = { extras: CatalogueExtra[]; onEdit: ((extra: CatalogueExtra) => void) | null };

function ExtrasTable({ extras, onEdit }: ExtrasTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locations = useLocations();
  const queryClient = useQueryClient();
  const { dialog, ask } = useConfirm();
  const money = (amount: number) => formatMinor(amount, BASE_CURRENCY, language);
  const placeName = (id: string) => locations.data?.find((place) => place._id === id)?.name ?? '';
  const price = (extra: CatalogueExtra) =>
    extra.charge === 'perRental'
      ? t('operatorOffer.extras.perRentalPrice', { price: money(extra.price) })
      : extra.maxPerRental === null
        ? t('operatorOffer.extras.perDayPrice', { price: money(extra.price) })
        : t('operatorOffer.extras.perDayCapped', { price: money(extra.price), max: money(extra.maxPerRental) });
  const offered = (extra: CatalogueExtra) =>
    extra.carIds.length === 0 && extra.ranges.length === 0
      ? t('operatorOffer.extras.allCars')
      : [
          ...extra.ranges.map((range) => t(`cars.range.${range}`)),
          extra.carIds.length > 0 ? `${t('operatorOffer.common.cars')}: ${extra.carIds.length}` : '',
        ]
          .filter(Boolean)
          .join(', ');
  const onDelete = async (extra: CatalogueExtra) => {
    const name = extra.names[language];
    const yes = await ask({
      title: t('operatorOffer.extras.deleteQuestion', { name }),
      description: t('operatorOffer.extras.deleteDescription'),
      confirmLabel: t('operatorOffer.common.delete'),
    });
    if (!yes) return;
    try {
      await deleteCatalogueExtra(extra._id);
      await queryClient.invalidateQueries({ queryKey: ['catalogue-extras'] });
      toast.success(t('operatorOffer.extras.deleted', { name }));
    } catch {
      toast.error(t('operatorOffer.common.saveError'));
    }
  };
  if (extras.length === 0) return <p>{t('operatorOffer.extras.empty')}</p>;
  return (
    <section className="admin-section" aria-labelledby="extras-list">
      <h2 id="extras-list">{t('operatorOffer.extras.list')}</h2>
      <TableScroll grouped label={t('operatorOffer.extras.list')}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('operatorOffer.extras.name')}</th>
              <th scope="col">{t('operatorOffer.extras.charge')}</th>
              <th scope="col">{t('operatorOffer.extras.maxQuantity')}</th>
              <th scope="col">{t('operatorOffer.extras.stock')}</th>
              <th scope="col">{t('operatorOffer.extras.offeredTo')}</th>
              {onEdit ? <th scope="col">{t('operatorOffer.common.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {extras.map((extra) => (
              <tr key={extra._id}>
                <th scope="row">
                  {extra.names[language]}
                  {extra.mandatory ? <small> · {t('operatorOffer.extras.mandatoryShort')}</small> : null}
                </th>
                <td>{price(extra)}</td>
                <td>{extra.maxQuantity}</td>
                <td>
                  {extra.stock.length === 0
                    ? t('operatorOffer.extras.unlimited')
                    : extra.stock.map((row) => `${placeName(row.locationId)}: ${row.quantity}`).join(', ')}
                </td>
                <td>{offered(extra)}</td>
                {onEdit ? (
                  <td>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={`${t('operatorOffer.common.edit')} ${extra.names[language]}`}
                        onClick={() => onEdit(extra)}
                      >
                        {t('operatorOffer.common.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={`${t('operatorOffer.common.delete')} ${extra.names[language]}`}
                        onClick={() => onDelete(extra)}
                      >
                        {t('operatorOffer.common.delete')}
                      </button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {dialog}
    </section>
  );
}
