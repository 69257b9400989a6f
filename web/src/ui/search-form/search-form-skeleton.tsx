import { useTranslation } from 'react-i18next';

/**
 * The search form's place while its code (react-aria) and the places load: the form's own
 * labels in its own layout (search-form-layout.css), each control a grey shape of its size, so that the page has its
 * final layout from the first paint and nothing moves when the form takes the skeleton's place. index.html paints
 * the same markup on "/" before the app runs (its copy is held to this one by e2e/tests/shell.spec.ts).
 */
export function SearchFormSkeleton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const field = (label: string, kind?: 'date' | 'time') => (
    <div className={`search-field${kind ? ` search-field--${kind}` : ''}`}>
      <span className="search-field__label">{label}</span>
      <span className="search-field__control skeleton" />
    </div>
  );
  return (
    <div className={`search-form${compact ? ' search-form--compact' : ''} search-form--skeleton`} aria-hidden="true">
      <div className="search-form__places">
        {field(t('search.form.pickupLocation'))}
        <span className="search-checkbox">
          <span className="search-checkbox__box skeleton" />
          {t('search.form.sameLocation')}
        </span>
      </div>
      <div className="search-form__dates">
        <div className="search-datetime">
          {field(t('search.form.pickupDate'), 'date')}
          {field(t('search.form.pickupTime'), 'time')}
        </div>
        <div className="search-datetime">
          {field(t('search.form.dropoffDate'), 'date')}
          {field(t('search.form.dropoffTime'), 'time')}
        </div>
      </div>
      {/* The label sizes the button as the form's will be, unseen: as text in a transparent colour, axe read it as
          unreadable whenever it ran before the form had replaced its skeleton (8 of 10 repeats). */}
      <span className="button search-form__submit skeleton">
        <span className="skeleton__sizer">{t('search.form.submit')}</span>
      </span>
    </div>
  );
}
