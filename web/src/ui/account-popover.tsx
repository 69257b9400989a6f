import { Menu, MenuItem, Popover, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router';
import type { PopoverRenderProps } from './popover-button';
import './menu.css';

export function AccountPopover({ triggerRef, isOpen, onOpenChange }: PopoverRenderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    // Menu links navigate inside the app instead of reloading the page.
    <RouterProvider navigate={(path) => navigate(path)} useHref={useHref}>
      <Popover
        triggerRef={triggerRef}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        placement="bottom end"
        className="menu-popover"
        aria-label={t('header.account')}
      >
        <Menu aria-label={t('header.account')} autoFocus="first" className="menu" onClose={() => onOpenChange(false)}>
          <MenuItem href="/sign-in" className="menu__item">
            {t('header.signIn')}
          </MenuItem>
          <MenuItem href="/sign-up" className="menu__item">
            {t('header.signUp')}
          </MenuItem>
        </Menu>
      </Popover>
    </RouterProvider>
  );
}
