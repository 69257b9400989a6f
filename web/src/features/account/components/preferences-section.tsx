import type { Language } from '@roam/contract/languages';
import type { User } from '@roam/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, localeTag, useLanguage } from '#web/i18n/index';
import { useSettings } from '#web/lib/settings';
import { SelectField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useUpdateEmailNotifications } from '../api/profile';

/** Language choice (saved on the server too, through changeLanguage). */
export function LanguageSection() {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const settings = useSettings();
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.settings.language.title')}</h2>
      <SelectField
        label={t('account.settings.language.label')}
        value={language}
        onChange={(next) => {
          if (!isLanguage(next)) return;
          changeLanguage(next)
            .then(() => toast.success(t('account.settings.updated', { lng: next })))
            .catch(() => toast.error(t('common.errors.languageChange')));
        }}
      >
        {settings.languages.map((code: Language) => (
          <option key={code} value={code} lang={localeTag(code)}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </SelectField>
    </section>
  );
}

/** 'Network settings' holding 'Enable email notifications' (spec §2 settings). */
export function NetworkSettingsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateEmailNotifications();
  const on = update.isPending ? Boolean(update.variables) : user.enableEmailNotifications;
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.settings.network.title')}</h2>
      <div className="settings-switch">
        <input
          id={`${id}-email`}
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(event.currentTarget.checked, {
              onSuccess: () => toast.success(t('account.settings.updated')),
              onError: () => toast.error(t('account.settings.errors.generic')),
            })
          }
        />
        <label htmlFor={`${id}-email`}>{t('account.settings.network.emailNotifications')}</label>
      </div>
    </section>
  );
}
