import type { User } from '@roam/contract/users';
import { Header, Menu, MenuItem, MenuSection, Popover, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router';
import type { PopoverRenderProps } from './popover-button';
import './menu.css';

type AccountPopoverProps = PopoverRenderProps & { user: User | null; onSignOut: () => unknown };

// The console (/operator and below) and the customer app are two pages, each with its router: a link from one to the
// other loads the page (console.html or index.html, server/src/plugins/web-app.ts).
const inConsole = (path: string) => /^\/operator(?:[/?#]|$)/.test(path);
const otherApp = (path: string) => inConsole(path) !== inConsole(window.location.pathname);

export function AccountPopover({ triggerRef, isOpen, onOpenChange, user, onSignOut }: AccountPopoverProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    // Menu links navigate inside the app instead of reloading the page.
    <RouterProvider
      navigate={(path) => (otherApp(path) ? window.location.assign(path) : navigate(path))}
      useHref={useHref}
    >
      <Popover
        triggerRef={triggerRef}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        placement="bottom end"
        className="menu-popover"
        aria-label={t('header.account')}
      >
        <Menu aria-label={t('header.account')} autoFocus="first" className="menu" onClose={() => onOpenChange(false)}>
          {user ? (
            <MenuSection aria-label={user.fullName}>
              <Header className="menu__header">{user.fullName}</Header>
              <MenuItem href="/bookings" className="menu__item">
                {t('auth.menu.bookings')}
              </MenuItem>
              {/* The operator console, for the people who run a fleet; its home is the dashboard. */}
              {user.type === 'supplier' || user.type === 'admin' ? (
                <MenuItem href="/operator" className="menu__item">
                  {t('auth.menu.operator')}
                </MenuItem>
              ) : null}
              <MenuItem href="/notifications" className="menu__item">
                {t('auth.menu.notifications')}
              </MenuItem>
              <MenuItem href="/settings" className="menu__item">
                {t('auth.menu.settings')}
              </MenuItem>
              <MenuItem href="/change-password" className="menu__item">
                {t('auth.menu.changePassword')}
              </MenuItem>
              <MenuItem onAction={() => void onSignOut()} className="menu__item">
                {t('auth.menu.signOut')}
              </MenuItem>
            </MenuSection>
          ) : (
            <>
              <MenuItem href="/sign-in" className="menu__item">
                {t('header.signIn')}
              </MenuItem>
              <MenuItem href="/sign-up" className="menu__item">
                {t('header.signUp')}
              </MenuItem>
            </>
          )}
        </Menu>
      </Popover>
    </RouterProvider>
  );
}
