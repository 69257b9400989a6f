import type { DeskBooking } from '@roam/contract/booking-desk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { FormMessage, TextAreaField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useSetInvoiceBuyer } from '#web/console/bookings/api/desk';
import { usePermissions } from '#web/console/team/api/team';
import { Fact } from './booking-sections';

// The buyer on the booking's invoices (docs/decisions/0011-invoices.md): the driver, or a business customer — its
// company name, address and VAT number — named at the desk before the payment is taken. Only invoices issued
// afterwards carry it; one already issued never changes. Who may change the booking or work the counter names it.

export function BuyerSection({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const mayWrite = permissions.has('bookings.write') || permissions.has('counter');
  const buyer = booking.invoiceBuyer;
  const [name, setName] = useState(buyer?.name ?? '');
  const [address, setAddress] = useState(buyer?.address ?? '');
  const [vatNumber, setVatNumber] = useState(buyer?.vatNumber ?? '');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const save = useSetInvoiceBuyer(booking._id);
  const send = async (next: Parameters<typeof save.mutateAsync>[0], done: string) => {
    setFailed(null);
    try {
      await save.mutateAsync(next);
      toast.success(done);
    } catch (failure) {
      setFailed(
        isApiError(failure) && failure.status === 403
          ? t('operatorBookings.buyer.forbidden')
          : t('operatorBookings.buyer.error'),
      );
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('operatorBookings.buyer.nameRequired'));
    void send(
      { name: name.trim(), address: address.trim() || null, vatNumber: vatNumber.trim() || null },
      t('operatorBookings.buyer.saved'),
    );
  };
  return (
    <section className="op-section desk-view__section" aria-labelledby="desk-buyer">
      <h2 id="desk-buyer" className="op-section__title">
        {t('operatorBookings.buyer.title')}
      </h2>
      <p className="op-section__hint">{t('operatorBookings.buyer.hint')}</p>
      <dl className="desk-facts">
        <Fact term={t('operatorBookings.buyer.current')}>
          {buyer
            ? [buyer.name, buyer.vatNumber].filter(Boolean).join(' · ')
            : t('operatorBookings.buyer.driver', { name: booking.driver.name })}
        </Fact>
      </dl>
      {mayWrite ? (
        <form className="desk-notes__form" onSubmit={submit}>
          {failed ? <FormMessage>{failed}</FormMessage> : null}
          <TextField
            label={t('operatorBookings.buyer.company')}
            name="buyer-name"
            value={name}
            onChange={(value) => {
              setName(value);
              setError(undefined);
            }}
            error={error}
            maxLength={200}
            autoComplete="organization"
          />
          <TextAreaField
            label={t('operatorBookings.buyer.address')}
            name="buyer-address"
            value={address}
            onChange={setAddress}
            maxLength={500}
            rows={3}
          />
          <TextField
            label={t('operatorBookings.buyer.vatNumber')}
            name="buyer-vat"
            value={vatNumber}
            onChange={setVatNumber}
            maxLength={40}
            autoComplete="off"
          />
          <div className="desk-buyer__buttons">
            <button type="submit" className="button" disabled={save.isPending}>
              {t('operatorBookings.buyer.save')}
            </button>
            {buyer ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={save.isPending}
                onClick={() => void send(null, t('operatorBookings.buyer.cleared'))}
              >
                {t('operatorBookings.buyer.clear')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
