import type { User } from '@roam/contract/users';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useLanguage } from '#web/i18n/index';
import { useConfirm } from '#web/ui/confirm';
import { licenseUrl, useDeleteLicense, userLicenseQueryOptions, useSaveLicense } from '../api/profile';
import { FilePickerButton, useUploadFeedback } from './file-picker';

/** The driver licence: add, replace, download, delete (spec §2 settings; private, docs/architecture.md §5). */
export function LicenseSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const query = useQuery(userLicenseQueryOptions(user._id));
  const license = query.data?.license ?? null;
  const save = useSaveLicense(user._id, license !== null);
  const remove = useDeleteLicense(user._id);
  const busy = save.isPending || remove.isPending || query.isPending;
  const feedback = useUploadFeedback();
  const confirm = useConfirm();

  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.settings.license.title')}</h2>
      <p>
        {license
          ? t('account.settings.license.added', {
              date: new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'long' }).format(
                new Date(license.createdAt),
              ),
            })
          : t('account.settings.license.none')}
      </p>
      <div className="settings-actions">
        <FilePickerButton
          label={license ? t('account.settings.license.replace') : t('account.settings.license.add')}
          accept="image/jpeg,image/png,image/webp,application/pdf"
          disabled={busy}
          onFile={(file) => save.mutate(file, feedback)}
        />
        {license ? (
          <>
            <a className="button button--secondary" href={licenseUrl(license._id)} download>
              {t('account.settings.license.download')}
            </a>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={async () => {
                const question = t('account.settings.license.confirmDelete');
                if (await confirm.ask({ title: question, confirmLabel: t('account.settings.license.delete') }))
                  remove.mutate(undefined, feedback);
              }}
            >
              {t('account.settings.license.delete')}
            </button>
          </>
        ) : null}
      </div>
      <p className="settings-hint">{t('account.settings.license.hint')}</p>
      {confirm.dialog}
    </section>
  );
}
