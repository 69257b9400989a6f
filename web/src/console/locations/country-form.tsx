import { LANGUAGES, type Language } from '@roam/contract/languages';
import type { CreateCountryBody, EditableCountry, UpdateCountryBody } from '@roam/contract/locations';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContractSchema, useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useSaveCountry } from './api/admin-locations';
import { NamesFields } from './names-fields';

type SaveCountry = CreateCountryBody | UpdateCountryBody;
type Names = Record<Language, string>;

/**
 * The country's name in each language from its ISO code (the browser's `Intl.DisplayNames`), or null for a code no
 * region has: the admin types "FR" and reads France, Francia, Frankreich… ready to correct.
 */
export function countryNames(code: string): Names | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const names = {} as Names;
  for (const language of LANGUAGES) {
    let name: string | undefined;
    try {
      name = new Intl.DisplayNames([language === 'se' ? 'sv' : language], { type: 'region', fallback: 'none' }).of(
        code,
      );
    } catch {
      return null;
    }
    if (!name) return null;
    names[language] = name;
  }
  return names;
}

/** A country's code and names: a new one, or `country` changed. */
export function CountryForm({ country, onDone }: { country?: EditableCountry; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCountry();
  /** The names the code filled in last: a name still equal to them follows the next code; one the admin typed stays. */
  const filled = useRef<Partial<Names>>({});
  const form = useContractForm({
    initialValues: { code: country?.code ?? '', names: { en: '', fr: '', es: '', se: '', de: '', ...country?.names } },
    schema: () =>
      import('@roam/contract/locations.schema').then(
        (m) => (country ? m.UpdateCountryBodySchema : m.CreateCountryBodySchema) as ContractSchema<SaveCountry>,
      ),
    input: (values) => ({ ...(country ? { _id: country._id } : {}), ...values }),
    onSubmit: async (body) => {
      await save.mutateAsync(body);
      toast.success(t('operatorAdmin.places.saved'));
      onDone();
    },
    onError: () => t('operatorAdmin.error'),
  });
  const code = form.field('code', t('operatorAdmin.places.code'));
  return (
    <form className="admin-section" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`}>{country ? country.names.en : t('operatorAdmin.places.newCountry')}</h2>
      <FormMessage>{form.message}</FormMessage>
      <div className="admin-grid">
        <TextField
          {...code}
          onChange={(value) => {
            const upper = value.toUpperCase();
            code.onChange(upper);
            const names = countryNames(upper);
            if (!names) return;
            for (const language of LANGUAGES) {
              const current = form.values.names[language];
              if (current === '' || current === filled.current[language]) {
                form.setValue(`names.${language}`, names[language]);
              }
            }
            filled.current = names;
          }}
          description={t('operatorAdmin.places.codeHint')}
          required
          maxLength={2}
          autoComplete="off"
        />
      </div>
      <NamesFields field={(language, label) => form.field(`names.${language}`, label)} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.pending}>
          {t('operatorAdmin.places.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('operatorAdmin.places.cancel')}
        </button>
      </div>
    </form>
  );
}
