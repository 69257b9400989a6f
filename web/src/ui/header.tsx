import type { Language } from '@roam/contract/languages';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGE_NAMES, localeTag, useLanguage } from '#web/i18n/index';
import { useCurrency } from '#web/lib/currency';
import { ChevronDownIcon, GlobeIcon, LogoMark } from './icons';
import { PopoverButton } from './popover-button';
import './header.css';

const loadLanguagePopover = () => import('./language-popover');
const LanguagePopover = lazy(() => loadLanguagePopover().then((module) => ({ default: module.LanguagePopover })));
const loadCurrencyPopover = () => import('./currency-popover');
const CurrencyPopover = lazy(() => loadCurrencyPopover().then((module) => ({ default: module.CurrencyPopover })));

export interface HeaderProps {
  websiteName: string;
  /** The languages this deployment offers (settings.languages). */
  languages: readonly Language[];
  /** The account control: sign-in links for visitors, the user's menu once signed in. */
  account: ReactNode;
}

export function Header({ websiteName, languages, account }: HeaderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();

  return (
    <header className="site-header on-dark">
      <div className="site-header__inner container">
        <Link to="/" className="site-header__logo">
          <LogoMark size={30} />
          <span>{websiteName}</span>
        </Link>
        <div className="site-header__tools">
          <PopoverButton
            className="header-button"
            hasPopup="menu"
            preload={loadLanguagePopover}
            popover={(props) => <LanguagePopover {...props} languages={languages} />}
          >
            <GlobeIcon className="header-button__icon" />
            <span className="visually-hidden">{t('header.language')} </span>
            <span lang={localeTag(language)}>{LANGUAGE_NAMES[language]}</span>
            <ChevronDownIcon />
          </PopoverButton>
          <PopoverButton
            className="header-button"
            hasPopup="dialog"
            preload={loadCurrencyPopover}
            popover={(props) => <CurrencyPopover {...props} />}
          >
            <span className="visually-hidden">{t('header.currency')} </span>
            <span>{currency}</span>
            <ChevronDownIcon />
          </PopoverButton>
          {account}
        </div>
      </div>
    </header>
  );
}
