import type { RunTimeSettingsState, UpdateRunTimeSettingsBody } from '@roam/contract/booking-rules';
import { RUN_TIME_SETTING_KEYS, RUN_TIME_SETTING_RANGES, type RunTimeSettingKey } from '@roam/contract/booking-rules';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import type { MessageTranslator } from '#web/lib/form-messages';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import '#web/console/components/admin.css';
import { useRunTimeSettings, useUpdateRunTimeSettings } from './api/booking-rules';
import { SiteSettingsSection } from './site-settings-form';

/** The rules in the order the form shows them, grouped as a driver meets them. */
const GROUPS: { legend: 'period' | 'pickupHours' | 'dropoffHours' | 'hold'; keys: RunTimeSettingKey[] }[] = [
  { legend: 'period', keys: ['minPickupLeadHours', 'minRentalHours', 'maxRentalDays'] },
  { legend: 'pickupHours', keys: ['earliestPickupHour', 'latestPickupHour'] },
  { legend: 'dropoffHours', keys: ['earliestDropoffHour', 'latestDropoffHour'] },
  { legend: 'hold', keys: ['holdMinutes'] },
];

type Values = Record<RunTimeSettingKey, string>;

/** '2', ' 2 ', '2,0' → 2; '1,5' → 1.5 (a decimal comma is read, then refused as not whole, naming the format). */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

const WHOLE = /^Please enter a whole number from (\d+) to (\d+)\.$/;
const ORDER = /^The earliest hour \((\d+):00\) must not be later than the latest hour \((\d+):00\)\.$/;

/** The rules' messages (contract RULE_MESSAGES) in the reader's language. */
const ruleMessage: MessageTranslator = (t, message) => {
  const whole = WHOLE.exec(message);
  if (whole) return t('operatorAdmin.settings.errors.wholeNumber', { min: whole[1], max: whole[2] });
  const order = ORDER.exec(message);
  if (order)
    return t('operatorAdmin.settings.errors.hoursOrder', {
      earliest: `${order[1]?.padStart(2, '0')}:00`,
      latest: `${order[2]?.padStart(2, '0')}:00`,
    });
  return undefined;
};

/**
 * What the form sends: the rules the admin changed, and only those (an update changes what it carries). A rule set
 * back to the deployment's value is sent as null, so that it follows the deployment again.
 */
function changesOf(values: Values, state: RunTimeSettingsState): UpdateRunTimeSettingsBody {
  const body: UpdateRunTimeSettingsBody = {};
  for (const key of RUN_TIME_SETTING_KEYS) {
    const value = toNumber(values[key]);
    if (value === state.values[key]) continue;
    body[key] = value === state.defaults[key] ? null : value;
  }
  return body;
}

/**
 * `/operator/settings`: what the admin changes at run time, without a restart — the site's name, contact e-mail and
 * default language, then the booking rules.
 */
export function BookingRulesScreen() {
  const { t } = useTranslation();
  const state = useRunTimeSettings();
  return (
    <Page title={t('operatorAdmin.settings.pageTitle')}>
      <SiteSettingsSection />
      <section className="admin-section" aria-labelledby="booking-rules-heading">
        <h2 id="booking-rules-heading">{t('operatorAdmin.settings.title')}</h2>
        <p>{t('operatorAdmin.settings.description')}</p>
        {state.data ? (
          <BookingRulesForm key={state.data.updatedAt ?? 'defaults'} state={state.data} />
        ) : state.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorAdmin.error')}
          </p>
        ) : (
          <PageLoading />
        )}
      </section>
    </Page>
  );
}

function BookingRulesForm({ state }: { state: RunTimeSettingsState }) {
  const { t } = useTranslation();
  // The form's messages are translated by the one map (lib/form-messages.ts), loaded with the form: this screen's
  // translator joins it while the form is shown.
  useEffect(() => {
    let remove = () => {};
    let live = true;
    void import('#web/lib/form-messages').then((messages) => {
      if (live) remove = messages.addMessageTranslator(ruleMessage);
    });
    return () => {
      live = false;
      remove();
    };
  }, []);
  const formats = useFormats();
  const update = useUpdateRunTimeSettings();
  const form = useContractForm({
    initialValues: Object.fromEntries(RUN_TIME_SETTING_KEYS.map((key) => [key, String(state.values[key])])) as Values,
    schema: () => import('@roam/contract/booking-rules.schema').then((m) => m.UpdateRunTimeSettingsBodySchema),
    input: (values: Values) => changesOf(values, state),
    onSubmit: async (body) => {
      await update.mutateAsync(body);
      toast.success(t('operatorAdmin.settings.saved'));
    },
    onError: () => t('operatorAdmin.error'),
  });
  return (
    <form {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      {GROUPS.map((group) => (
        <fieldset key={group.legend} className="admin-section">
          <legend>{t(`operatorAdmin.settings.groups.${group.legend}`)}</legend>
          <div className="admin-grid">
            {group.keys.map((key) => (
              <TextField
                key={key}
                {...form.field(key, t(`operatorAdmin.settings.fields.${key}`))}
                inputMode="numeric"
                description={t('operatorAdmin.settings.hint', {
                  min: RUN_TIME_SETTING_RANGES[key].min,
                  max: RUN_TIME_SETTING_RANGES[key].max,
                  deployment: state.defaults[key],
                })}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <p>
        {state.updatedAt
          ? t('operatorAdmin.settings.lastChange', {
              when: formats.date(new Date(state.updatedAt), { dateStyle: 'medium', timeStyle: 'short' }),
              who: state.updatedBy ?? t('operatorAdmin.settings.someone'),
            })
          : t('operatorAdmin.settings.allDeployment')}
      </p>
      <button type="submit" className="button button--accent" disabled={form.pending}>
        {t('operatorAdmin.settings.save')}
      </button>
    </form>
  );
}
