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
