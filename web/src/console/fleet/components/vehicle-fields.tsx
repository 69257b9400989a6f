import { CAR_OPTIONS, CAR_RANGES, FUEL_POLICIES, FUEL_TYPES, GEARBOXES } from '@roam/contract/cars';
import { useTranslation } from 'react-i18next';
import type { ContractForm, FieldProps } from '#web/lib/use-contract-form';
import { CheckboxField, SelectField, TextField } from '#web/ui/form-field';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { SupplierSelect } from '#web/console/components/supplier-select';
import type { CarFormValues } from '#web/console/lib/car-form';
import { MoneyField } from './money-field';

type TextName =
  | 'name'
  | 'licensePlate'
  | 'range'
  | 'fuelType'
  | 'gearbox'
  | 'fuelPolicy'
  | 'seats'
  | 'doors'
  | 'deposit'
  | 'minimumAge'
  | 'co2'
  | 'mileage';

/** Spec §3's vehicle fields: what the car is, what it carries, its terms (deposit, age, mileage, fuel). */
export function VehicleFields({
  form,
  chooseSupplier,
}: {
  form: ContractForm<CarFormValues>;
  chooseSupplier: boolean;
}) {
  const { t } = useTranslation();
  const choose = t('operatorCars.fields.choose');
  const f = (name: TextName): FieldProps<string> => form.field(name, t(`operatorCars.fields.${name}`));
  return (
    <fieldset className="op-section">
      <legend className="op-section__title">{t('operatorCars.sections.vehicle')}</legend>
      <div className="form-grid">
        {chooseSupplier ? (
          <SupplierSelect {...form.field('supplierId', t('operatorCars.fields.supplier'))} empty={choose} required />
        ) : null}
        <TextField {...f('name')} required autoComplete="off" />
        <TextField
          {...f('licensePlate')}
          autoComplete="off"
          description={t('operatorCars.hints.licensePlate')}
          className="op-plate"
        />
        <SelectField {...f('range')} required>
          <option value="">{choose}</option>
          {CAR_RANGES.map((range) => (
            <option key={range} value={range}>
              {t(`cars.range.${range}`)}
            </option>
          ))}
        </SelectField>
        <SelectField {...f('fuelType')} required>
          <option value="">{choose}</option>
          {FUEL_TYPES.map((fuel) => (
            <option key={fuel} value={fuel}>
              {t(`cars.fuelType.${fuel}`)}
            </option>
          ))}
        </SelectField>
        <SelectField {...f('gearbox')} required>
          <option value="">{choose}</option>
          {GEARBOXES.map((gearbox) => (
            <option key={gearbox} value={gearbox}>
              {t(`cars.gearbox.${gearbox}`)}
            </option>
          ))}
        </SelectField>
        <SelectField {...f('fuelPolicy')} required>
          <option value="">{choose}</option>
          {FUEL_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {t(`cars.fuelPolicy.${policy}`)}
            </option>
          ))}
        </SelectField>
        <TextField {...f('seats')} required inputMode="numeric" autoComplete="off" />
        <TextField {...f('doors')} required inputMode="numeric" autoComplete="off" />
        <MoneyField field={f('deposit')} description={t('operatorCars.hints.deposit')} />
        <TextField
          {...f('minimumAge')}
          required
          inputMode="numeric"
          autoComplete="off"
          description={t('operatorCars.hints.minimumAge')}
        />
        <TextField {...f('co2')} inputMode="numeric" autoComplete="off" description={t('operatorCars.hints.co2')} />
        <CheckboxField {...form.field('aircon', t('cars.fact.aircon'))} />
      </div>
      <ChoiceGroup
        label={t('cars.fact.mileage')}
        name="mileageKind"
        value={form.values.mileageKind}
        onChange={(kind) => form.setValue('mileageKind', kind)}
        options={[
          { value: 'unlimited', label: t('cars.unlimited') },
          { value: 'limited', label: t('operatorCars.fields.limited') },
        ]}
      >
        {form.values.mileageKind === 'limited' ? (
          <TextField
            {...f('mileage')}
            inputMode="numeric"
            autoComplete="off"
            className="op-inline-field"
            description={t('operatorCars.hints.mileage')}
          />
        ) : null}
      </ChoiceGroup>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">{t('operatorCars.fields.options')}</legend>
        <div className="choice-group__options">
          {CAR_OPTIONS.map((option) => (
            <CheckboxField key={option} {...form.field(`options.${option}`, t(`cars.option.${option}`))} />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
