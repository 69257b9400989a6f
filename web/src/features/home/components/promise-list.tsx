import { useTranslation } from 'react-i18next';
import type { Translations } from '#web/i18n/translations';
import { PROMISE_ICONS } from './promise-icons';

type PromiseKey = Exclude<keyof Translations['home']['promises'], 'title'>;

// Spec §1: what the home page promises, in the spec's order.
const PROMISES: readonly PromiseKey[] = [
  'roadside',
  'noHiddenCharges',
  'unlimitedMileage',
  'flexiblePickup',
  'instantConfirmation',
  'support',
];

export function PromiseList() {
  const { t } = useTranslation();
  return (
    <section className="promises container" aria-labelledby="promises-title">
      <h2 id="promises-title" className="promises__title">
        {t('home.promises.title')}
      </h2>
      <ul className="promises__list">
        {PROMISES.map((promise) => {
          const Icon = PROMISE_ICONS[promise];
          return (
            <li key={promise} className="promise">
              <span className="promise__icon">
                <Icon />
              </span>
              <h3 className="promise__title">{t(`home.promises.${promise}.title`)}</h3>
              <p className="promise__text">{t(`home.promises.${promise}.text`)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
