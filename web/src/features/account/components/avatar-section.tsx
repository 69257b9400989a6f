import type { User } from '@roam/contract/users';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast';
import { useDeleteAvatar, useUpdateAvatar } from '../api/profile';
import { uploadErrorMessage } from './upload-error';

/** Avatar upload with preview, and removal (spec §2 settings). */
export function AvatarSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateAvatar(user._id);
  const remove = useDeleteAvatar(user._id);
  const busy = update.isPending || remove.isPending;
  const done = () => toast.success(t('account.settings.updated'));
  const failed = (error: unknown) => toast.error(uploadErrorMessage(t, error));

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
          <label htmlFor={`${id}-file`} className="visually-hidden">
            {t('account.settings.avatar.upload')}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) update.mutate(file, { onSuccess: done, onError: failed });
            }}
          />
          <button type="button" className="button" disabled={busy} onClick={() => input.current?.click()}>
            {t('account.settings.avatar.upload')}
          </button>
          {user.avatar ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => remove.mutate(undefined, { onSuccess: done, onError: failed })}
            >
              {t('account.settings.avatar.remove')}
            </button>
          ) : null}
        </div>
      </div>
      <p className="settings-field__hint">{t('account.settings.avatar.hint')}</p>
    </section>
  );
}
