import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { UserIcon } from './icons';
import { PopoverButton } from './popover-button';

const loadAccountPopover = () => import('./account-popover');
const AccountPopover = lazy(() => loadAccountPopover().then((module) => ({ default: module.AccountPopover })));

/** The header's account control for a visitor: a menu with the sign-in and sign-up links. */
export function AccountMenu() {
  const { t } = useTranslation();
  return (
    <PopoverButton
      className="header-button header-button--account"
      hasPopup="menu"
      preload={loadAccountPopover}
      popover={(props) => <AccountPopover {...props} />}
    >
      <UserIcon />
      <span className="header-button__label">{t('header.account')}</span>
    </PopoverButton>
  );
}
