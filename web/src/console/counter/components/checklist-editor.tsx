import { COUNTER_LIMITS } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { LANGUAGES } from '@roam/contract/languages';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '#web/i18n/index';
import type { ContractForm } from '#web/lib/use-contract-form';
import { TextField } from '#web/ui/form-field';
import { type ChecklistValues, emptyLabels, type SettingsValues } from '../lib/settings-form';

/** The supplier's checklist (documents, spare wheel, child seat, keys…): each item named in the five languages. */
export function ChecklistEditor({ form }: { form: ContractForm<SettingsValues> }) {
  const { t } = useTranslation();
  const items = form.values.checklist;
  const change = (next: ChecklistValues[]) => form.setValue('checklist', next);
  const label = (index: number, language: Language) => {
    const path = `checklist.${index}.labels.${language}`;
    const props = form.field(
      path as never,
      t('operatorCounter.settings.itemIn', {
        number: index + 1,
        language: LANGUAGE_NAMES[language],
      }),
    );
    return (
      <TextField
        key={language}
        {...props}
        value={items[index]?.labels[language] ?? ''}
        onChange={(value) =>
          change(
            items.map((item, at) => (at === index ? { ...item, labels: { ...item.labels, [language]: value } } : item)),
          )
        }
        lang={language === 'se' ? 'sv' : language}
        maxLength={100}
      />
    );
  };
  return (
    <div className="drivers-field">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list (the schema's path)
        <fieldset key={index} className="drivers-field__driver">
          <legend>{item.labels.en || t('operatorCounter.settings.item', { number: index + 1 })}</legend>
          <div className="form-grid">{LANGUAGES.map((language) => label(index, language))}</div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => change(items.filter((_, at) => at !== index))}
          >
            {t('operatorCounter.settings.removeItem', { number: index + 1 })}
          </button>
        </fieldset>
      ))}
      {items.length < COUNTER_LIMITS.checklistItems ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => change([...items, { id: '', labels: emptyLabels() }])}
        >
          {t('operatorCounter.settings.addItem')}
        </button>
      ) : null}
    </div>
  );
}
