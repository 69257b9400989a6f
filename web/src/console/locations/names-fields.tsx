import type { Language } from '@roam/contract/languages';
import { LANGUAGES } from '@roam/contract/languages';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from '#web/ui/form-field';

/** A place's name in each of the five languages: `field(language)` is the form's field of it. */
export function NamesFields({ field }: { field: (language: Language, label: string) => FieldProps<string> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-grid">
      <legend>{t('operatorAdmin.places.names')}</legend>
      {LANGUAGES.map((language) => (
        <TextField
          key={language}
          {...field(language, t(`operatorAdmin.languages.${language}`))}
          lang={language === 'se' ? 'sv' : language}
          required
          maxLength={100}
        />
      ))}
    </fieldset>
  );
}

/** Which languages still follow the first name typed, and that first language once typed. */
export interface Following {
  languages: Set<Language>;
  first: Language | null;
}

/**
 * A new place's names follow the first one typed: the admin types "Lyon" once and the four other languages read
 * "Lyon" until one is edited, which then keeps its own words. `set` writes one name.
 */
export function followFirstName(
  following: Following,
  language: Language,
  value: string,
  set: (language: Language, value: string) => void,
) {
  set(language, value);
  if (following.first === null && following.languages.has(language)) following.first = language;
  if (language !== following.first) {
    following.languages.delete(language);
    return;
  }
  for (const other of following.languages) if (other !== language) set(other, value);
}
