import { NO_SHOW_RULES, type NoShowRule } from '@roam/contract/counter';
import { LANGUAGES } from '@roam/contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '#web/i18n/index';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextAreaField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { counterSettingsQuery, updateCounterSettings } from '../api/counter-settings';
import { refusalText } from '../lib/counter-messages';
import { MONEY_RULES, type SettingsValues, settingsBody, settingsSchema, WHOLE_RULES } from '../lib/settings-form';
import { ChecklistEditor } from './checklist-editor';
import { OneWayFees } from './one-way-fees';

// The counter settings' one form: sent whole, refused at its fields (the contract's schema first, then the server).

const Euro = () => <span className="op-unit">EUR</span>;

export function SettingsForm({ supplierId, initialValues }: { supplierId: string; initialValues: SettingsValues }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm({
    initialValues,
    schema: settingsSchema,
    input: (values) => settingsBody(values, supplierId),
    onSubmit: async (body) => {
      const saved = await updateCounterSettings(body);
      queryClient.setQueryData(counterSettingsQuery(supplierId).queryKey, saved);
      toast.success(t('operatorCounter.settings.saved'));
    },
    onError: (error) => refusalText(t, error),
  });
  const money = (key: `chargeRules.${(typeof MONEY_RULES)[number] | 'oneWayFee'}` | 'noShowFee', label: string) => (
    <TextField
      key={key}
      {...form.field(key, label)}
      inputMode="decimal"
      autoComplete="off"
      inputClassName="counter-number"
      aside={<Euro />}
    />
  );
  const number = (
    key: 'earlyCheckOutHours' | 'noShowGraceMinutes' | `chargeRules.${(typeof WHOLE_RULES)[number]}`,
    label: string,
  ) => (
    <TextField
      key={key}
      {...form.field(key, label)}
      inputMode="numeric"
      autoComplete="off"
      inputClassName="counter-number"
    />
  );

  return (
    <form className="counter-form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <section className="op-section" aria-labelledby="settings-desk">
        <h2 id="settings-desk" className="op-section__title">
          {t('operatorCounter.settings.desk')}
        </h2>
        <div className="form-grid">
          {number('earlyCheckOutHours', t('operatorCounter.settings.earlyCheckOutHours'))}
          {number('noShowGraceMinutes', t('operatorCounter.settings.noShowGraceMinutes'))}
        </div>
        <ChoiceGroup<NoShowRule>
          {...form.field('noShowRule', t('operatorCounter.settings.noShowRule'))}
          options={NO_SHOW_RULES.map((rule) => ({ value: rule, label: t(`operatorCounter.settings.rule.${rule}`) }))}
        />
        {form.values.noShowRule === 'fee' ? money('noShowFee', t('operatorCounter.settings.noShowFee')) : null}
      </section>

      <section className="op-section" aria-labelledby="settings-checklist">
        <h2 id="settings-checklist" className="op-section__title">
          {t('operatorCounter.settings.checklist')}
        </h2>
        <p className="op-section__hint">{t('operatorCounter.settings.checklistHint')}</p>
        <ChecklistEditor form={form} />
      </section>

      <section className="op-section" aria-labelledby="settings-terms">
        <h2 id="settings-terms" className="op-section__title">
          {t('operatorCounter.settings.terms')}
        </h2>
        <p className="op-section__hint">{t('operatorCounter.settings.termsHint')}</p>
        {LANGUAGES.map((language) => (
          <TextAreaField
            key={language}
            {...form.field(
              `terms.${language}`,
              t('operatorCounter.settings.termsIn', { language: LANGUAGE_NAMES[language] }),
            )}
            lang={language === 'se' ? 'sv' : language}
            rows={4}
          />
        ))}
      </section>

      <section className="op-section" aria-labelledby="settings-rules">
        <h2 id="settings-rules" className="op-section__title">
          {t('operatorCounter.settings.rules')}
        </h2>
        <p className="op-section__hint">{t('operatorCounter.settings.rulesHint')}</p>
        <div className="form-grid">
          {MONEY_RULES.map((key) => money(`chargeRules.${key}`, t(`operatorCounter.rules.${key}`)))}
          {WHOLE_RULES.map((key) => number(`chargeRules.${key}`, t(`operatorCounter.rules.${key}`)))}
          {money('chargeRules.oneWayFee', t('operatorCounter.rules.oneWayFee'))}
        </div>
        <OneWayFees form={form} />
      </section>

      <button type="submit" className="button button--accent counter-submit" disabled={form.pending}>
        {t('operatorCounter.settings.save')}
      </button>
    </form>
  );
}
