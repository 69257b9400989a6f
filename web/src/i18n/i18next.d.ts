import 'i18next';
import type { Translations } from './translations';

// Keys passed to t() are checked against the English source of truth (docs/house-style.md i18n).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translations };
  }
}
