import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/ui/toast';

/** The ten recovery codes, shown this once: to copy, to download as a text file, then acknowledged. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast.success(t('account.security.copied')))
      .catch(() => toast.error(t('account.security.error')));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('account.security.codesFile');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="two-step__codes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('account.security.codesTitle')}</h3>
      <p>{t('account.security.codesText')}</p>
      <ol className="two-step__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-step__actions">
        <button type="button" className="button button--secondary" onClick={copy}>
          {t('account.security.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          {t('account.security.download')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('account.security.done')}
        </button>
      </div>
    </section>
  );
}
