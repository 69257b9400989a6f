import type { AdminUserRow } from '@roam/contract/users';
import { isReachableEmail } from '@roam/contract/walk-in';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableScroll } from '#web/console/components/table-scroll';

/**
 * A page of accounts: the users screen's, and the suppliers screen's where an unverified supplier is one
 * invited who has not chosen a password yet (`unverifiedLabel`).
 */
export function UsersTable({
  rows,
  caption,
  unverifiedLabel,
}: {
  rows: readonly AdminUserRow[];
  caption: string;
  unverifiedLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll label={caption}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('operatorAdmin.users.name')}</th>
            <th scope="col">{t('operatorAdmin.users.email')}</th>
            <th scope="col">{t('operatorAdmin.users.type')}</th>
            <th scope="col">{t('operatorAdmin.users.status')}</th>
            <th scope="col">{t('operatorAdmin.users.bookings')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr key={user._id}>
              <td>
                <Link to={`/operator/users/${user._id}`}>{user.fullName}</Link>
              </td>
              {/* A counter customer who gave no e-mail has an address nobody reads (contract walk-in.ts). */}
              <td>{isReachableEmail(user.email) ? user.email : '—'}</td>
              <td>{t(`operatorAdmin.types.${user.type}`)}</td>
              <td>
                {user.blacklisted
                  ? t('operatorAdmin.users.isSuspended')
                  : user.verified
                    ? t('operatorAdmin.users.isActive')
                    : (unverifiedLabel ?? t('operatorAdmin.users.isUnverified'))}
              </td>
              <td>{user.bookingCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
