import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { localeTag, useLanguage } from './index';

/**
 * Gives react-aria's date pickers, calendars and number fields the interface language (`sv` for `se`): without it
 * they follow the browser's language, not ours. Wrap a lazy screen's form in it; it is not in the root layout because
 * react-aria-components must stay out of the entry chunk (docs/architecture.md §7).
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  return <I18nProvider locale={localeTag(useLanguage())}>{children}</I18nProvider>;
}
