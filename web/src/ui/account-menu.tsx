import type { User } from '@roam/contract/users';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithStrings } from '#web/i18n/index';
import { UserIcon } from './icons';
import { PopoverButton } from './popover-button';

const loadAccountPopover = () => importWithStrings('ui/account-popover', () => import('./account-popover'));
const AccountPopover = lazy(() => loadAccountPopover().then((module) => ({ default: module.AccountPopover })));

/** The header's account control: sign in / sign up for a visitor; the user's name and account links when signed in. */
export function AccountMenu({ user, onSignOut }: { user: User | null; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <PopoverButton
      className="header-button header-button--account"
      hasPopup="menu"
      preload={loadAccountPopover}
      popover={(props) => <AccountPopover {...props} user={user} onSignOut={onSignOut} />}
    >
      {user?.avatar ? (
        <img src={user.avatar} alt="" width={20} height={20} style={{ borderRadius: '50%', objectFit: 'cover' }} />
      ) : (
        <UserIcon />
      )}
      <span className="header-button__label">{user ? firstName(user) : t('header.account')}</span>
    </PopoverButton>
  );
}

const firstName = (user: User) => user.fullName.split(/\s+/)[0] || user.fullName;
