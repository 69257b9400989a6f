import type { CreateCountryBody, EditableCountry, UpdateCountryBody } from '@roam/contract/locations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContractSchema, useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useSaveCountry } from './api/admin-locations';
import { NamesFields } from './names-fields';

type SaveCountry = CreateCountryBody | UpdateCountryBody;

/** A country's code and names: a new one, or `country` changed. */
export function CountryForm({ country, onDone }: { country?: EditableCountry; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCountry();
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
  return (
    <form className="admin-section" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`}>{country ? country.names.en : t('operatorAdmin.places.newCountry')}</h2>
      <FormMessage>{form.message}</FormMessage>
      <div className="admin-grid">
        <TextField {...form.field('code', t('operatorAdmin.places.code'))} required maxLength={2} autoComplete="off" />
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
