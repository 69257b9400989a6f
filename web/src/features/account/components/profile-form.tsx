import type { User } from '@roam/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useUpdateProfile } from '../api/profile';

type Field = 'fullName' | 'phone' | 'location' | 'bio' | 'birthDate';

/** Profile fields (spec §3 User); the e-mail address is shown but cannot be changed. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProfile();
  const fieldErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const errorOf = (field: Field): string | null => {
    if (!fieldErrors[field]) return null;
    if (field === 'birthDate') return t('account.settings.errors.tooYoung');
    if (field === 'phone') return t('account.settings.errors.invalidPhone');
    return t('account.settings.errors.invalidValue');
  };

  const field = (name: Field, label: string, input: (props: object) => React.ReactNode) => {
    const error = errorOf(name);
    const errorId = `${id}-${name}-error`;
    return (
      <div className="settings-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input({
          id: `${id}-${name}`,
          name,
          className: 'text-field',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
        {error ? (
          <p id={errorId} className="settings-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="settings-card"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const value = (name: Field) => String(data.get(name) ?? '');
        update.mutate(
          {
            _id: user._id,
            fullName: value('fullName'),
            phone: value('phone'),
            location: value('location'),
            bio: value('bio'),
            birthDate: value('birthDate') || null,
          },
          {
            onSuccess: () => toast.success(t('account.settings.updated')),
            onError: (error) => {
              if (!isApiError(error) || error.code !== 'VALIDATION_FAILED')
                toast.error(t('account.settings.errors.generic'));
            },
          },
        );
      }}
    >
      <h2 id={`${id}-title`}>{t('account.settings.profile.title')}</h2>
      <div className="settings-field">
        <label htmlFor={`${id}-email`}>{t('account.settings.profile.email')}</label>
        <input
          id={`${id}-email`}
          className="text-field"
          type="email"
          value={user.email}
          readOnly
          aria-describedby={`${id}-email-hint`}
        />
        <p id={`${id}-email-hint`} className="settings-field__hint">
          {t('account.settings.profile.emailHint')}
        </p>
      </div>
      {field('fullName', t('account.settings.profile.fullName'), (props) => (
        <input {...props} defaultValue={user.fullName} required autoComplete="name" maxLength={200} />
      ))}
      {field('phone', t('account.settings.profile.phone'), (props) => (
        <input {...props} type="tel" defaultValue={user.phone ?? ''} autoComplete="tel" maxLength={30} />
      ))}
      {field('location', t('account.settings.profile.location'), (props) => (
        <input {...props} defaultValue={user.location ?? ''} autoComplete="address-level2" maxLength={200} />
      ))}
      {field('birthDate', t('account.settings.profile.birthDate'), (props) => (
        <input {...props} type="date" defaultValue={user.birthDate ?? ''} autoComplete="bday" />
      ))}
      {field('bio', t('account.settings.profile.bio'), (props) => (
        <textarea {...props} defaultValue={user.bio ?? ''} rows={3} maxLength={2000} />
      ))}
      <button type="submit" className="button" disabled={update.isPending}>
        {t('account.settings.profile.save')}
      </button>
    </form>
  );
}
