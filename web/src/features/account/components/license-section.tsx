import type { User } from '@roam/contract/users';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useLanguage } from '../../../i18n/index';
import { toast } from '../../../ui/toast';
import { licenseUrl, useDeleteLicense, userLicenseQueryOptions, useSaveLicense } from '../api/profile';
import { uploadErrorMessage } from './upload-error';

/** The driver licence: add, replace, download, delete (spec §2 settings; private, ARCHITECTURE §5). */
export function LicenseSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const query = useQuery(userLicenseQueryOptions(user._id));
  const license = query.data?.license ?? null;
  const save = useSaveLicense(user._id, license !== null);
  const remove = useDeleteLicense(user._id);
  const busy = save.isPending || remove.isPending || query.isPending;
  const done = () => toast.success(t('account.settings.updated'));
  const failed = (error: unknown) => toast.error(uploadErrorMessage(t, error));

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
        <label htmlFor={`${id}-file`} className="visually-hidden">
          {license ? t('account.settings.license.replace') : t('account.settings.license.add')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) save.mutate(file, { onSuccess: done, onError: failed });
          }}
        />
        <button type="button" className="button" disabled={busy} onClick={() => input.current?.click()}>
          {license ? t('account.settings.license.replace') : t('account.settings.license.add')}
        </button>
        {license ? (
          <>
            <a className="button button--secondary" href={licenseUrl(license._id)} download>
              {t('account.settings.license.download')}
            </a>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => {
                if (window.confirm(t('account.settings.license.confirmDelete')))
                  remove.mutate(undefined, { onSuccess: done, onError: failed });
              }}
            >
              {t('account.settings.license.delete')}
            </button>
          </>
        ) : null}
      </div>
      <p className="settings-field__hint">{t('account.settings.license.hint')}</p>
    </section>
  );
}
