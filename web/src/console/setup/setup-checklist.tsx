import type { SetupChecklist as Checklist, SetupStep } from '@roam/contract/setup';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import { useSendTestEmail, useSetupStatus } from './api/setup';
import './setup.css';

// The set-up checklist: each step done or to do, what the business has, and the screen that does
// it — or, for what the environment sets (README "Configuration"), the variables to set. A component of its own so
// that the dashboard can show it at its top while the business is not ready.

const STEPS: SetupStep[] = [
  'site',
  'languages',
  'currencies',
  'place',
  'supplier',
  'car',
  'payments',
  'email',
  'production',
];

/** The checklist, read from the server each time it is shown. */
export function SetupChecklist() {
  const { data } = useSetupStatus();
  if (!data) return <PageLoading />;
  return (
    <ol className="setup-steps">
      {STEPS.map((step) => (
        <Step key={step} step={step} done={data[step].done}>
          <StepBody step={step} checklist={data} />
        </Step>
      ))}
    </ol>
  );
}

function Step({ step, done, children }: { step: SetupStep; done: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className={`setup-step${done ? ' setup-step--done' : ''}`} aria-labelledby={`setup-${step}`}>
      <h2 id={`setup-${step}`} className="setup-step__title">
        {t(`operatorSetup.steps.${step}.title`)}
      </h2>
      <p className="setup-step__status">{done ? t('operatorSetup.done') : t('operatorSetup.toDo')}</p>
      {children}
    </li>
  );
}

/** Variables of the environment, named as the README's configuration table names them. */
const Variables = ({ names }: { names: string[] }) => (
  <>
    {names.map((name, index) => (
      <span key={name}>
        {index > 0 ? ', ' : null}
        <code>{name}</code>
      </span>
    ))}
  </>
);

function StepBody({ step, checklist }: { step: SetupStep; checklist: Checklist }) {
  const { t } = useTranslation();
  const where = (names: string[]) => (
    <p className="setup-step__where">
      {t('operatorSetup.setIn')} <Variables names={names} />
    </p>
  );
  switch (step) {
    case 'site': {
      const { websiteName, contactEmail, done } = checklist.site;
      return (
        <>
          <p>{t('operatorSetup.steps.site.facts', { name: websiteName, email: contactEmail })}</p>
          {done ? null : <p>{t('operatorSetup.steps.site.defaultContact')}</p>}
          <Link to="/operator/settings">{t('operatorSetup.steps.site.action')}</Link>
        </>
      );
    }
    case 'languages': {
      const { languages, defaultLanguage } = checklist.languages;
      const names = languages.map((language) => t(`operatorAdmin.languages.${language}`)).join(', ');
      const fallback = t(`operatorAdmin.languages.${defaultLanguage}`);
      return (
        <>
          <p>{t('operatorSetup.steps.languages.facts', { languages: names, fallback })}</p>
          <Link to="/operator/settings">{t('operatorSetup.steps.languages.action')}</Link>
          {where(['LANGUAGES'])}
        </>
      );
    }
    case 'currencies': {
      const { baseCurrency, displayCurrencies } = checklist.currencies;
      return (
        <>
          <p>{t('operatorSetup.steps.currencies.facts', { base: baseCurrency, count: displayCurrencies })}</p>
          {where(['BASE_CURRENCY'])}
        </>
      );
    }
    case 'place':
      return (
        <>
          <p>
            {t('operatorSetup.steps.place.facts', {
              countries: checklist.place.countries,
              count: checklist.place.locations,
            })}
          </p>
          <Link to="/operator/places">{t('operatorSetup.steps.place.action')}</Link>
        </>
      );
    case 'supplier':
      return (
        <>
          <p>{t('operatorSetup.steps.supplier.facts', { count: checklist.supplier.suppliers })}</p>
          <Link to="/operator/suppliers">{t('operatorSetup.steps.supplier.action')}</Link>
        </>
      );
    case 'car':
      return (
        <>
          <p>
            {t('operatorSetup.steps.car.facts', { bookable: checklist.car.bookableCars, count: checklist.car.cars })}
          </p>
          <div className="setup-step__actions">
            <Link to="/operator/cars/new">{t('operatorSetup.steps.car.add')}</Link>
            <Link to="/operator/cars/import">{t('operatorSetup.steps.car.import')}</Link>
          </div>
        </>
      );
    case 'payments': {
      const { card, wallet, missing } = checklist.payments;
      return (
        <>
          <p>{t(`operatorSetup.steps.payments.card.${card ?? 'none'}`)}</p>
          <p>{wallet ? t('operatorSetup.steps.payments.wallet') : t('operatorSetup.steps.payments.noWallet')}</p>
          {missing.length > 0 ? (
            <p className="setup-step__where">
              {t('operatorSetup.steps.payments.missing')} <Variables names={missing} />
            </p>
          ) : null}
        </>
      );
    }
    case 'email':
      return <EmailBody email={checklist.email} />;
    case 'production': {
      const { missing } = checklist.production;
      return missing.length > 0 ? (
        <p className="setup-step__where">
          {t('operatorSetup.steps.production.missing')} <Variables names={missing} />
        </p>
      ) : (
        <p>{t('operatorSetup.steps.production.ready')}</p>
      );
    }
  }
}

function EmailBody({ email }: { email: Checklist['email'] }) {
  const { t } = useTranslation();
  const send = useSendTestEmail({
    onSuccess: (result) =>
      toast.success(
        result.smtp
          ? t('operatorSetup.steps.email.sent', { email: result.to })
          : t('operatorSetup.steps.email.kept', { email: result.to }),
      ),
    onError: (cause) =>
      toast.error(
        isApiError(cause) && cause.status === 429
          ? t('operatorSetup.steps.email.tooMany')
          : t('operatorSetup.steps.email.failed'),
      ),
  });
  return (
    <>
      <p>{email.smtp ? t('operatorSetup.steps.email.smtp') : t('operatorSetup.steps.email.noSmtp')}</p>
      {email.missing.length > 0 ? (
        <p className="setup-step__where">
          {t('operatorSetup.setIn')} <Variables names={email.missing} />
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => send.mutate()}
        disabled={send.isPending}
      >
        {t('operatorSetup.steps.email.test', { email: email.adminEmail })}
      </button>
    </>
  );
}
