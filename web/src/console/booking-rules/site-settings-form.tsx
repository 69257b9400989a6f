import type { Language } from '@roam/contract/languages';
import {
  SITE_SETTING_KEYS,
  SITE_SETTINGS_MESSAGES,
  type SiteSettingsState,
  type UpdateSiteSettingsBody,
} from '@roam/contract/site-settings';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import type { MessageTranslator } from '#web/lib/form-messages';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, SelectField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useSiteSettings, useUpdateSiteSettings } from './api/site-settings';

type Values = { websiteName: string; contactEmail: string; defaultLanguage: Language };

/** The site settings' own message (contract SITE_SETTINGS_MESSAGES) in the reader's language. */
const siteMessage: MessageTranslator = (t, message) =>
  message === SITE_SETTINGS_MESSAGES.languageNotOffered ? t('operatorAdmin.site.errors.languageNotOffered') : undefined;

/**
 * What the form sends: the settings the admin changed, and only those. One set back to the environment's value is
 * sent as null, so that it follows the environment again.
 */
function changesOf(values: Values, state: SiteSettingsState): UpdateSiteSettingsBody {
  const body: UpdateSiteSettingsBody = {};
  for (const key of SITE_SETTING_KEYS) {
    const value = values[key].trim();
    if (value === state.values[key]) continue;
    if (value === state.defaults[key]) body[key] = null;
    else if (key === 'defaultLanguage') body.defaultLanguage = value as Language;
    else body[key] = value;
  }
  return body;
}

/** The site's name, contact e-mail and default language: applied from the next e-mail and page on, no restart. */
export function SiteSettingsSection() {
  const { t } = useTranslation();
  const state = useSiteSettings();
  return (
    <section className="admin-section" aria-labelledby="site-settings-heading">
      <h2 id="site-settings-heading">{t('operatorAdmin.site.title')}</h2>
      <p>{t('operatorAdmin.site.description')}</p>
      {state.data ? (
        <SiteSettingsForm key={state.data.updatedAt ?? 'defaults'} state={state.data} />
      ) : state.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorAdmin.error')}
        </p>
      ) : null}
    </section>
  );
}

function SiteSettingsForm({ state }: { state: SiteSettingsState }) {
  const { t } = useTranslation();
  useEffect(() => {
    let remove = () => {};
    let live = true;
    void import('#web/lib/form-messages').then((messages) => {
      if (live) remove = messages.addMessageTranslator(siteMessage);
    });
    return () => {
      live = false;
      remove();
    };
  }, []);
  const formats = useFormats();
  const update = useUpdateSiteSettings();
  const form = useContractForm({
    initialValues: { ...state.values } as Values,
    schema: () => import('@roam/contract/site-settings.schema').then((m) => m.UpdateSiteSettingsBodySchema),
    input: (values: Values) => changesOf(values, state),
    onSubmit: async (body) => {
      await update.mutateAsync(body);
      toast.success(t('operatorAdmin.site.saved'));
    },
    onError: () => t('operatorAdmin.error'),
  });
  const hint = (value: string) => t('operatorAdmin.site.hint', { value });
  const language = form.field('defaultLanguage', t('operatorAdmin.site.fields.defaultLanguage'));
  return (
    <form {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <div className="admin-grid">
        <TextField
          {...form.field('websiteName', t('operatorAdmin.site.fields.websiteName'))}
          autoComplete="organization"
          description={hint(state.defaults.websiteName)}
        />
        <TextField
          {...form.field('contactEmail', t('operatorAdmin.site.fields.contactEmail'))}
          type="email"
          autoComplete="email"
          description={hint(state.defaults.contactEmail)}
        />
        <SelectField
          {...language}
          onChange={(value) => language.onChange(value as Language)}
          description={hint(t(`operatorAdmin.languages.${state.defaults.defaultLanguage}`))}
        >
          {state.languages.map((code) => (
            <option key={code} value={code}>
              {t(`operatorAdmin.languages.${code}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <p>
        {state.updatedAt
          ? t('operatorAdmin.settings.lastChange', {
              when: formats.date(new Date(state.updatedAt), { dateStyle: 'medium', timeStyle: 'short' }),
              who: state.updatedBy ?? t('operatorAdmin.settings.someone'),
            })
          : t('operatorAdmin.site.allDeployment')}
      </p>
      <button type="submit" className="button button--accent" disabled={form.pending}>
        {t('operatorAdmin.site.save')}
      </button>
    </form>
  );
}
