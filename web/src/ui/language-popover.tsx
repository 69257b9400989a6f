import type { Language } from '@roam/contract/languages';
import { Menu, MenuItem, Popover, type Selection } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, localeTag, useLanguage } from '#web/i18n/index';
import { CheckIcon } from './icons';
import type { PopoverRenderProps } from './popover-button';
import { toast } from './toast';
import './menu.css';

export function LanguagePopover({
  triggerRef,
  isOpen,
  onOpenChange,
  languages,
}: PopoverRenderProps & { languages: readonly Language[] }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();

  function choose(selection: Selection) {
    const language = selection === 'all' ? undefined : [...selection][0];
    if (!isLanguage(language) || language === current) return;
    // A menu choice replaces a language forced by `?l=`, which would otherwise win on reload.
    if (searchParams.has('l')) {
      setSearchParams(
        (params) => {
          params.delete('l');
          return params;
        },
        { replace: true },
      );
    }
    changeLanguage(language).catch((error: unknown) => {
      console.error(error);
      toast.error(t('common.errors.languageChange'));
    });
  }

  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      className="menu-popover"
      aria-label={t('header.language')}
    >
      <Menu
        aria-label={t('header.language')}
        className="menu"
        autoFocus
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[current]}
        onSelectionChange={choose}
        onClose={() => onOpenChange(false)}
      >
        {languages.map((language) => (
          <MenuItem key={language} id={language} textValue={LANGUAGE_NAMES[language]} className="menu__item">
            <span lang={localeTag(language)}>{LANGUAGE_NAMES[language]}</span>
            <CheckIcon className="menu__check" />
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
