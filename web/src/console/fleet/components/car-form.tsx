import type { OperatorCar } from '@roam/contract/fleet';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, SelectField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { type CarFormValues, carBody, carSchema, carValues, emptyCarValues } from '#web/console/lib/car-form';
import { useFleetMessages } from '#web/console/lib/fleet-messages';
import { focusTitle } from '#web/console/lib/focus-title';
import { useSupplierProfile } from '#web/console/supplier-profile/api/supplier-profile';
import { useCreateCar, useUpdateCar } from '../api/fleet';
import { DatePricesField } from './date-prices-field';
import { ExtrasFields } from './extras-fields';
import { PlacesField } from './places-field';
import { PricePreview } from './price-preview';
import { RateFields } from './rate-fields';
import { VehicleFields } from './vehicle-fields';

const AVAILABILITIES = ['available', 'unavailable', 'comingSoon'] as const;

interface CarFormProps {
  /** The car as its operator read it, or null for a new car. */
  car: OperatorCar | null;
  admin: boolean;
  /** A supplier's own id: its percentage prices a new car. */
  ownSupplierId: string | null;
  /** The supplier a new car of the admin's starts with (`?supplier=`), or the car's. */
  supplierId: string;
}

/**
 * Every field of spec §3 for one car, validated by the contract's schema and its rules across
 * fields as the server checks them; the server's refusals land on the same fields. A new car goes to its own screen
 * once created; a change stays, and the list, the search and the car's history follow.
 */
export function CarForm({ car, admin, ownSupplierId, supplierId }: CarFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formats = useFormats();
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateCar(language);
  const update = useUpdateCar(language);
  useFleetMessages();
  const initialValues: CarFormValues = car
    ? carValues(car, (amount) => formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 }))
    : { ...emptyCarValues(), supplierId: admin ? supplierId : '' };
  const form = useContractForm({
    initialValues,
    schema: () => carSchema({ supplierRequired: admin && !car }),
    input: carBody,
    onSubmit: async (_data, values) => {
      const body = carBody(values);
      if (car) {
        const { supplierId: _supplier, ...changes } = body;
        await update.mutateAsync({ ...changes, _id: car._id });
        toast.success(t('operatorCars.editor.saved'));
        focusTitle();
      } else {
        const created = await create.mutateAsync(body);
        toast.success(t('operatorCars.editor.created'));
        await navigate(`/operator/cars/${created._id}`);
        focusTitle(created.name);
      }
    },
    onError: () => t('operatorCars.editor.error'),
  });
  // The customer prices shown are the supplier's: the car's, or the one a new car is for.
  const terms = useSupplierProfile(car ? null : ownSupplierId || form.values.supplierId || null);
  const priceChangeRate = car ? car.supplier.priceChangeRate : (terms.data?.priceChangeRate ?? 0);

  return (
    <form className="op-car-form" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t(car ? 'operatorCars.editor.editTitle' : 'operatorCars.editor.newTitle')}
      </h2>
      <FormMessage>{form.message}</FormMessage>
      <VehicleFields form={form} chooseSupplier={admin && !car} />
      <PlacesField field={form.field('locationIds', t('operatorCars.fields.places'))} />
      <fieldset className="op-section">
        <legend className="op-section__title">{t('operatorCars.sections.availability')}</legend>
        <div className="form-grid">
          <SelectField {...form.field('availability', t('operatorCars.fields.availability'))}>
            {AVAILABILITIES.map((availability) => (
              <option key={availability} value={availability}>
                {t(`cars.availability.${availability}`)}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            {...form.field('fullyBooked', t('operatorCars.fields.fullyBooked'))}
            description={t('operatorCars.hints.fullyBooked')}
          />
        </div>
      </fieldset>
      <RateFields form={form} />
      <DatePricesField form={form} />
      <ExtrasFields form={form} priceChangeRate={priceChangeRate} />
      <PricePreview values={form.values} priceChangeRate={priceChangeRate} />
      <div className="op-car-form__actions">
        <button type="submit" className="button button--accent" disabled={form.pending}>
          {t(car ? 'operatorCars.editor.save' : 'operatorCars.editor.create')}
        </button>
      </div>
    </form>
  );
}
