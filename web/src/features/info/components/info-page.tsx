import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLanguage } from '#web/i18n';
import { useSettings } from '#web/lib/settings';
import { Page } from '#web/ui/page';
import { type InfoPageName, type InfoSection, infoContentQueryOptions } from '../api/get-info-content';
import { InfoText, type InfoValues } from './info-text';
import './info-page.css';

interface InfoPageProps {
  page: InfoPageName;
  title: string;
  description: string;
}

/** An informational page (spec §2): h1 from the locale file, then the lazily loaded text as h2 sections. */
export function InfoPage({ page, title, description }: InfoPageProps) {
  const language = useLanguage();
  const settings = useSettings();
  const { data: content } = useSuspenseQuery(infoContentQueryOptions(page, language));
  const values: InfoValues = {
    websiteName: settings.websiteName,
    contactEmail: settings.contactEmail,
    minDriverAge: settings.minDriverAge,
  };
  return (
    <Page title={title} description={description}>
      <article className="info-article">
        <p className="info-article__intro">
          <InfoText text={content.intro} values={values} />
        </p>
        {content.sections.map((section) => (
          <Section key={section.heading} section={section} values={values} />
        ))}
      </article>
    </Page>
  );
}

function Section({ section, values }: { section: InfoSection; values: InfoValues }) {
  const headingId = useId();
  return (
    <section className="info-article__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.heading}</h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph}>
          <InfoText text={paragraph} values={values} />
        </p>
      ))}
      {section.items ? (
        <ul className="info-article__list">
          {section.items.map((item) => (
            <li key={item}>
              <InfoText text={item} values={values} />
            </li>
          ))}
        </ul>
      ) : null}
      {section.questions ? (
        <div className="info-article__questions">
          {section.questions.map((entry) => (
            <details key={entry.question} className="info-article__question">
              <summary>{entry.question}</summary>
              <p>
                <InfoText text={entry.answer} values={values} />
              </p>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
