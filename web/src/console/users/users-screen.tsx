import type { AdminUsersQuery } from '@roam/contract/users';
import { USER_TYPES, type UserType } from '@roam/contract/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import '#web/console/components/admin.css';
import { UsersTable } from '#web/console/components/users-table';
import { USERS_PAGE_SIZE, useAdminUsers } from './api/users';

type Choice = '' | 'yes' | 'no';
const flag = (choice: Choice) => (choice === '' ? undefined : choice === 'yes');

/** The admin's users: search by name or e-mail, filter by type, verified, suspended; paged. */
export function UsersScreen() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  const [verified, setVerified] = useState<Choice>('');
  const [suspended, setSuspended] = useState<Choice>('');
  const [page, setPage] = useState(1);
  const query: AdminUsersQuery = {
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    ...(type ? { types: [type as UserType] } : {}),
    ...(flag(verified) !== undefined ? { verified: flag(verified) } : {}),
    ...(flag(suspended) !== undefined ? { suspended: flag(suspended) } : {}),
  };
  const { data } = useAdminUsers(query, page);
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const only = (
    yes: `operatorAdmin.users.${'verifiedOnly' | 'suspendedOnly'}`,
    no: `operatorAdmin.users.${'unverifiedOnly' | 'activeOnly'}`,
  ) => (
    <>
      <option value="">{t('operatorAdmin.users.any')}</option>
      <option value="yes">{t(yes)}</option>
      <option value="no">{t(no)}</option>
    </>
  );
  return (
    <Page title={t('operatorAdmin.users.title')} description={t('operatorAdmin.users.description')}>
      <search className="admin-filters">
        <TextField
          label={t('operatorAdmin.users.keyword')}
          name="keyword"
          type="search"
          value={keyword}
          onChange={change(setKeyword)}
        />
        <SelectField label={t('operatorAdmin.users.type')} name="type" value={type} onChange={change(setType)}>
          <option value="">{t('operatorAdmin.users.any')}</option>
          {USER_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`operatorAdmin.types.${value}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorAdmin.users.verified')}
          name="verified"
          value={verified}
          onChange={change((value: string) => setVerified(value as Choice))}
        >
          {only('operatorAdmin.users.verifiedOnly', 'operatorAdmin.users.unverifiedOnly')}
        </SelectField>
        <SelectField
          label={t('operatorAdmin.users.suspended')}
          name="suspended"
          value={suspended}
          onChange={change((value: string) => setSuspended(value as Choice))}
        >
          {only('operatorAdmin.users.suspendedOnly', 'operatorAdmin.users.activeOnly')}
        </SelectField>
      </search>
      <p role="status">{data ? t('operatorAdmin.users.count', { count: data.totalCount }) : ''}</p>
      <UsersTable rows={data?.results ?? []} caption={t('operatorAdmin.users.title')} />
      <Pager page={page} pageCount={Math.ceil((data?.totalCount ?? 0) / USERS_PAGE_SIZE)} onPage={setPage} />
    </Page>
  );
}
