import { BASE_CURRENCY } from '@roam/contract/currencies';
import { formatMinor } from '@roam/contract/money';
import type { PromoCode } from '@roam/contract/promo-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { useMessageTranslators } from '#web/lib/use-message-translators';
import { useConfirm } from '#web/ui/confirm';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import { SupplierParam } from '#web/console/components/supplier-select';
import { TableScroll } from '#web/console/components/table-scroll';
import '#web/console/components/admin.css';
import { deletePromoCode, usePromoCodes } from './api/promo-codes';
import { OFFER_TRANSLATORS } from './offer-messages';
import { PromoCodeForm } from './promo-code-form';
import './offer.css';

/**
 * The promo codes (`/operator/promo-codes`, docs/architecture.md §5 "Promo codes"): a business's own, with the uses
 * their bookings hold against their limits; the admin's, every code or one business's (`?supplier=`), and codes for
 * every business. New, edit and delete; the server checks every rule again.
 */
export function PromoCodesScreen() {
  const { t } = useTranslation();
  useMessageTranslators(OFFER_TRANSLATORS);
  const admin = useSession().user?.type === 'admin';
  const [params] = useSearchParams();
  const supplierId = admin ? (params.get('supplier') ?? '') : '';
  const codes = usePromoCodes(supplierId);
  // null: no form; 'new', or the code edited.
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  return (
    <Page title={t('operatorOffer.promo.title')} description={t('operatorOffer.promo.description')}>
      {admin ? (
        <SupplierParam label={t('operatorOffer.common.supplier')} empty={t('operatorOffer.promo.every')} />
      ) : null}
      {codes.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorOffer.common.error')}
        </p>
      ) : codes.data ? (
        <CodesTable codes={codes.data} onEdit={setEditing} />
      ) : (
        <PageLoading />
      )}
      {editing === null ? (
        <button type="button" className="button button--accent" onClick={() => setEditing('new')}>
          {t('operatorOffer.promo.new')}
        </button>
      ) : (
        <PromoCodeForm
          key={editing === 'new' ? 'new' : editing._id}
          code={editing === 'new' ? null : editing}
          admin={admin}
          supplierId={supplierId}
          onDone={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

function CodesTable({ codes, onEdit }: { codes: PromoCode[]; onEdit: (code: PromoCode) => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { dialog, ask } = useConfirm();
  const day = (date: string) => formats.date(new Date(`${date}T12:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const discount = (code: PromoCode) =>
    code.kind === 'percent'
      ? formats.number(code.value / 100, { style: 'percent' })
      : formatMinor(code.value, BASE_CURRENCY, language);
  const validity = (code: PromoCode) =>
    [
      code.validFrom ? t('operatorOffer.promo.from', { date: day(code.validFrom) }) : '',
      code.validUntil ? t('operatorOffer.promo.until', { date: day(code.validUntil) }) : '',
    ]
      .filter(Boolean)
      .join(' ') || t('operatorOffer.promo.anyDay');
  const onDelete = async (code: PromoCode) => {
    const yes = await ask({
      title: t('operatorOffer.promo.deleteQuestion', { code: code.code }),
      description: t('operatorOffer.promo.deleteDescription'),
      confirmLabel: t('operatorOffer.common.delete'),
    });
    if (!yes) return;
    try {
      await deletePromoCode(code._id);
      await queryClient.invalidateQueries({ queryKey: ['promo-codes'] });
      toast.success(t('operatorOffer.promo.deleted', { code: code.code }));
    } catch {
      toast.error(t('operatorOffer.common.saveError'));
    }
  };
  if (codes.length === 0) return <p>{t('operatorOffer.promo.empty')}</p>;
  return (
    <section className="admin-section" aria-labelledby="promo-list">
      <h2 id="promo-list">{t('operatorOffer.promo.list')}</h2>
      <TableScroll grouped label={t('operatorOffer.promo.list')}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('operatorOffer.promo.code')}</th>
              <th scope="col">{t('operatorOffer.promo.kind')}</th>
              <th scope="col">{t('operatorOffer.promo.validity')}</th>
              <th scope="col">{t('operatorOffer.promo.uses')}</th>
              <th scope="col">{t('operatorOffer.promo.perCustomer')}</th>
              <th scope="col">{t('operatorOffer.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code._id}>
                <th scope="row">
                  <code>{code.code}</code>
                  {code.active ? null : <small> · {t('operatorOffer.promo.inactive')}</small>}
                  {code.supplierId === null ? <small> · {t('operatorOffer.promo.every')}</small> : null}
                </th>
                <td>{discount(code)}</td>
                <td>{validity(code)}</td>
                <td>
                  {code.usageLimit === null
                    ? t('operatorOffer.promo.usesNoLimit', { uses: code.uses })
                    : t('operatorOffer.promo.usesOf', { uses: code.uses, limit: code.usageLimit })}
                </td>
                <td>{code.perCustomerLimit ?? t('operatorOffer.common.noLimit')}</td>
                <td>
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`${t('operatorOffer.common.edit')} ${code.code}`}
                      onClick={() => onEdit(code)}
                    >
                      {t('operatorOffer.common.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`${t('operatorOffer.common.delete')} ${code.code}`}
                      onClick={() => onDelete(code)}
                    >
                      {t('operatorOffer.common.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {dialog}
    </section>
  );
}
