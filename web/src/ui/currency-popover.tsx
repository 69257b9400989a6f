import { CURRENCIES, type CurrencyCode, currencyName, isCurrencyCode } from '@roam/contract/currencies';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  Autocomplete,
  Input,
  Menu,
  MenuItem,
  Popover,
  SearchField,
  type Selection,
  Text,
  useFilter,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { setCurrency, useCurrency } from '#web/lib/currency';
import { CheckIcon } from './icons';
import type { PopoverRenderProps } from './popover-button';
import './menu.css';

interface CurrencyOption {
  id: CurrencyCode;
  name: string;
}

/** The display currency picker: every supported code with its name, filtered as you type. */
export function CurrencyPopover({ triggerRef, isOpen, onOpenChange }: PopoverRenderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const { startsWith, contains } = useFilter({ sensitivity: 'base' });
  const [query, setQuery] = useState('');
  const menuRef = useRef<HTMLElement>(null);
  const options = useMemo<CurrencyOption[]>(
    () => CURRENCIES.map((code) => ({ id: code, name: currencyName(code, language) })),
    [language],
  );

  // Best matches first: the code, then a word of the name, then anywhere in the name — so "yen"
  // puts JPY (yen japonais) before LYD (dinar libyen).
  const shown = useMemo(() => {
    const text = query.trim();
    if (text === '') return options;
    const rank = (option: CurrencyOption) => {
      if (startsWith(option.id, text)) return 0;
      if (option.name.split(/[\s-]+/).some((word) => startsWith(word, text))) return 1;
      return contains(option.name, text) ? 2 : -1;
    };
    return options
      .map((option) => ({ option, rank: rank(option) }))
      .filter((match) => match.rank >= 0)
      .sort((a, b) => a.rank - b.rank)
      .map((match) => match.option);
  }, [options, query, startsWith, contains]);

  // Open on the current currency rather than at AED: centre its item once, when it first renders.
  const centred = useRef(false);
  const centreSelected = useCallback((item: HTMLDivElement | null) => {
    const menu = menuRef.current;
    if (!item || !menu || centred.current) return;
    centred.current = true;
    menu.scrollTop = item.offsetTop - (menu.clientHeight - item.offsetHeight) / 2;
  }, []);

  // A new filter shows its best match at the top, not wherever the list was scrolled to.
  function filter(text: string) {
    setQuery(text);
    if (menuRef.current) menuRef.current.scrollTop = 0;
  }

  function choose(selection: Selection) {
    const code = selection === 'all' ? undefined : [...selection][0];
    if (typeof code === 'string' && isCurrencyCode(code)) setCurrency(code);
  }

  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      className="menu-popover menu-popover--search"
      aria-label={t('header.currency')}
    >
      <Autocomplete inputValue={query} onInputChange={filter}>
        <SearchField aria-label={t('header.currencySearch')} className="menu-search" autoFocus>
          <Input className="text-field menu-search__input" placeholder={t('header.currencySearchPlaceholder')} />
        </SearchField>
        {/* The list scrolls; tabbable so that it can also be scrolled without the arrow keys (axe
            scrollable-region-focusable): its items take virtual focus from the search field. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <section ref={menuRef} className="menu-scroll" tabIndex={0} aria-label={t('header.currency')}>
          <Menu
            aria-label={t('header.currency')}
            className="menu"
            items={shown}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[currency]}
            onSelectionChange={choose}
            onClose={() => onOpenChange(false)}
            renderEmptyState={() => <p className="menu__empty">{t('header.currencyNoMatch')}</p>}
          >
            {(option) => (
              <MenuItem
                id={option.id}
                ref={option.id === currency ? centreSelected : undefined}
                textValue={`${option.id} ${option.name}`}
                className="menu__item"
              >
                <Text slot="label" className="menu__code">
                  {option.id}
                </Text>
                <Text slot="description" className="menu__description">
                  {option.name}
                </Text>
                <CheckIcon className="menu__check" />
              </MenuItem>
            )}
          </Menu>
        </section>
      </Autocomplete>
    </Popover>
  );
}
