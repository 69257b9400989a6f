import type { CarChargeRules } from '@roam/contract/counter';
import { CAR_OVERRIDABLE_RULES, type CarOverridableRule } from '@roam/contract/counter';
import type { OperatorCar } from '@roam/contract/fleet';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { minorFromText, textFromMinor } from '#web/console/lib/car-form';
import { carChargeRulesQuery, updateCarChargeRules, useCarChargeRules } from '../api/car-charge-rules';

// The car's side of the counter (docs/api.md "The counter"): its tank (fuel charges; the supplier's default tank when
// blank), its odometer and the reading at its last service, and the supplier's charge rules it sets otherwise — a
// blank one follows the supplier's. Money in euros, as the car's prices.

/** The rules counted in minutes, not money. */
const WHOLE: ReadonlySet<CarOverridableRule> = new Set(['lateGraceMinutes']);

type Values = {
  tankLitres: string;
  odometer: string;
  serviceOdometer: string;
  overrides: Record<CarOverridableRule, string>;
};

const whole = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

function valuesOf(rules: CarChargeRules, format: (value: number) => string): Values {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    tankLitres: text(rules.tankLitres),
    odometer: text(rules.odometer),
    serviceOdometer: text(rules.serviceOdometer),
    overrides: Object.fromEntries(
      CAR_OVERRIDABLE_RULES.map((key) => [
        key,
        WHOLE.has(key) ? text(rules.overrides[key]) : textFromMinor(rules.overrides[key], format),
      ]),
    ) as Record<CarOverridableRule, string>,
  };
}

const bodyOf = (values: Values, carId: string) => ({
  carId,
  tankLitres: whole(values.tankLitres),
  odometer: whole(values.odometer),
  serviceOdometer: whole(values.serviceOdometer),
  overrides: Object.fromEntries(
    CAR_OVERRIDABLE_RULES.map((key) => [
      key,
      WHOLE.has(key) ? whole(values.overrides[key]) : minorFromText(values.overrides[key]),
    ]),
  ),
});

export function CarChargeRulesSection({ car }: { car: OperatorCar }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const rules = useCarChargeRules(car._id);
  return (
    <section className="op-section" aria-labelledby="car-charge-rules">
      <h2 id="car-charge-rules" className="op-section__title">
        {t('operatorCounter.carRules.title')}
      </h2>
      <p className="op-section__hint">{t('operatorCounter.carRules.hint')}</p>
      {rules.isError ? <p role="alert">{t('operatorCounter.errors.load')}</p> : null}
      {rules.data ? (
        <CarRulesForm
          car={car}
          initialValues={valuesOf(rules.data, (amount) =>
            formats.number(amount, { useGrouping: false, maximumFractionDigits: 2 }),
          )}
        />
      ) : null}
    </section>
  );
}

function CarRulesForm({ car, initialValues }: { car: OperatorCar; initialValues: Values }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm({
    initialValues,
    schema: () => import('@roam/contract/counter.schema').then((contract) => contract.UpdateCarChargeRulesBodySchema),
    input: (values) => bodyOf(values, car._id),
    onSubmit: async (body) => {
      queryClient.setQueryData(carChargeRulesQuery(car._id).queryKey, await updateCarChargeRules(body));
      toast.success(t('operatorCounter.carRules.saved'));
    },
    onError: () => t('operatorCounter.errors.generic'),
  });
  const unit = (text: string) => <span className="op-unit">{text}</span>;
  return (
    <form className="counter-form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <div className="form-grid">
        <TextField
          {...form.field('tankLitres', t('operatorCounter.carRules.tankLitres'))}
          inputMode="numeric"
          aside={unit('L')}
          description={t('operatorCounter.carRules.tankHint')}
        />
        <TextField
          {...form.field('odometer', t('operatorCounter.carRules.odometer'))}
          inputMode="numeric"
          aside={unit('km')}
        />
        <TextField
          {...form.field('serviceOdometer', t('operatorCounter.carRules.serviceOdometer'))}
          inputMode="numeric"
          aside={unit('km')}
        />
      </div>
      <h3 className="counter-subtitle">{t('operatorCounter.carRules.overrides')}</h3>
      <p className="form-field__hint">{t('operatorCounter.carRules.overridesHint')}</p>
      <div className="form-grid">
        {CAR_OVERRIDABLE_RULES.map((key) => (
          <TextField
            key={key}
            {...form.field(`overrides.${key}`, t(`operatorCounter.rules.${key}`))}
            inputMode={WHOLE.has(key) ? 'numeric' : 'decimal'}
            autoComplete="off"
            aside={unit(WHOLE.has(key) ? 'min' : 'EUR')}
          />
        ))}
      </div>
      <button type="submit" className="button" disabled={form.pending}>
        {t('operatorCounter.carRules.save')}
      </button>
    </form>
  );
}
