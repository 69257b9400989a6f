import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's h1 and introduction; `children` is where the search form goes (spec §2). */
export function HomeHero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="home-hero on-dark" aria-labelledby="home-hero-title">
      <div className="home-hero__inner container">
        <h1 id="home-hero-title" className="home-hero__title">
          {t('home.hero.headline')}
        </h1>
        <p className="home-hero__intro">{t('home.hero.intro')}</p>
        {children}
      </div>
    </section>
  );
}
