import type { TwoFactorEnrolment } from '@roam/contract/team';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import {
  beginEnrolment,
  twoFactorQueryOptions,
  useConfirmEnrolment,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
} from '../api/security';
import { CodeForm, codeRefusal } from './code-form';
import { RecoveryCodesPanel } from './recovery-codes';
import './two-step.css';

/** The key as an app's manual entry shows it: groups of four, easier to read and type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-step sign-in in the account settings (docs/decisions/0010-members-of-a-business.md), for drivers and operators
 * alike: off → the QR code (drawn by the server, shown as an image: the CSP's img-src allows data:) and its key as
 * text for those who cannot scan → a first code turns it on → the ten recovery codes, once. On → off with a code,
 * unless the person's team requires it. `onEnrolled`: where a member led here at sign-in goes on.
 */
export function TwoStepSection({ onEnrolled }: { onEnrolled?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const status = useQuery(twoFactorQueryOptions);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmEnrolment();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [renewing, setRenewing] = useState(false);

  const start = async () => {
    setProblem(null);
    try {
      setEnrolment(await beginEnrolment());
    } catch (error) {
      setProblem(codeRefusal(t, error));
    }
  };
  const turnOn = async (code: string) => {
    const answer = await confirm.mutateAsync(code);
    setEnrolment(null);
    setCodes(answer.recoveryCodes);
    toast.success(t('account.security.turnedOn'));
  };
  const turnOff = async (code: string) => {
    await disable.mutateAsync(code);
    toast.success(t('account.security.turnedOff'));
  };
  // New recovery codes take a current code (a recovery code too): the ten are shown once, as at the set-up.
  const renewCodes = async (code: string) => {
    const answer = await renew.mutateAsync(code);
    setRenewing(false);
    setCodes(answer.recoveryCodes);
    toast.success(t('account.security.renewed'));
  };
  const done = () => {
    setCodes(null);
    onEnrolled?.();
  };

  const state = status.data;
  return (
    <section className="settings-card two-step" aria-labelledby={`${id}-title`} id="two-step">
      <h2 id={`${id}-title`}>{t('account.security.twoStep')}</h2>
      {status.isError ? <FormMessage>{t('account.security.error')}</FormMessage> : null}
      {state ? (
        <p>
          {state.enabled ? t('account.security.on', { count: state.recoveryCodesLeft }) : t('account.security.off')}{' '}
          {state.required ? t('account.security.required') : null}
        </p>
      ) : null}
      <FormMessage>{problem}</FormMessage>
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={done} />
      ) : enrolment ? (
        <div className="two-step__enrol">
          <p>{t('account.security.scan')}</p>
          <img
            className="two-step__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t('account.security.qrAlt')}
            width={200}
            height={200}
          />
          <p>{t('account.security.manual')}</p>
          <p>
            <code className="two-step__secret" data-secret={enrolment.secret}>
              {grouped(enrolment.secret)}
            </code>
          </p>
          <p>{t('account.security.confirmIntro')}</p>
          <CodeForm label={t('account.security.code')} submit={t('account.security.turnOn')} onCode={turnOn} />
        </div>
      ) : state && !state.enabled ? (
        <div>
          <button type="button" className="button" onClick={start}>
            {t('account.security.setUp')}
          </button>
        </div>
      ) : renewing ? (
        <div>
          <p>{t('account.security.renewIntro')}</p>
          <CodeForm label={t('account.security.code')} submit={t('account.security.renewSubmit')} onCode={renewCodes} />
          <button type="button" className="button button--secondary" onClick={() => setRenewing(false)}>
            {t('account.security.renewCancel')}
          </button>
        </div>
      ) : state ? (
        <>
          {state.required ? (
            <p>{t('account.security.requiredNoOff')}</p>
          ) : (
            <div>
              <p>{t('account.security.turnOffIntro')}</p>
              <CodeForm label={t('account.security.code')} submit={t('account.security.turnOff')} onCode={turnOff} />
            </div>
          )}
          <div className="two-step__actions">
            <button type="button" className="button button--secondary" onClick={() => setRenewing(true)}>
              {t('account.security.renew')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
