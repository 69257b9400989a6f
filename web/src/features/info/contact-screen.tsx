import { useTranslation } from 'react-i18next';
import { useSettings } from '#web/lib/settings';
import { Page } from '#web/ui/page';
import { ContactForm } from './components/contact-form';
import { InfoText } from './components/info-text';

/** Contact form (spec §2). */
export function ContactScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Page title={t('info.contact.title')} description={t('info.contact.description')}>
      <ContactForm recaptchaSiteKey={settings.recaptchaSiteKey} />
      <p className="contact-direct">
        <InfoText
          // The {{contactEmail}} placeholder is kept for InfoText, which turns it into a mailto link.
          text={t('info.contact.directEmail', {
            contactEmail: '{{contactEmail}}',
            interpolation: { skipOnVariables: true },
          })}
          values={{
            websiteName: settings.websiteName,
            contactEmail: settings.contactEmail,
            minDriverAge: settings.minDriverAge,
          }}
        />
      </p>
    </Page>
  );
}
