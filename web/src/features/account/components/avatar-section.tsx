import type { User } from '@roam/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAvatar, useUpdateAvatar } from '../api/profile';
import { FilePickerButton, useUploadFeedback } from './file-picker';

/** Avatar upload with preview, and removal (spec §2 settings). */
export function AvatarSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateAvatar(user._id);
  const remove = useDeleteAvatar(user._id);
  const busy = update.isPending || remove.isPending;
  const feedback = useUploadFeedback();

  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.settings.avatar.title')}</h2>
      <div className="settings-avatar">
        {user.avatar ? (
          <img
            className="settings-avatar__image"
            src={user.avatar}
            alt={t('account.settings.avatar.alt')}
            width={96}
            height={96}
          />
        ) : (
          <p className="settings-avatar__none">{t('account.settings.avatar.none')}</p>
        )}
        <div className="settings-actions">
          <FilePickerButton
            label={t('account.settings.avatar.upload')}
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            onFile={(file) => update.mutate(file, feedback)}
          />
          {user.avatar ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => remove.mutate(undefined, feedback)}
            >
              {t('account.settings.avatar.remove')}
            </button>
          ) : null}
        </div>
      </div>
      <p className="settings-hint">{t('account.settings.avatar.hint')}</p>
    </section>
  );
}
