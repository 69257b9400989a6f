import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';
import { HomeHero } from './components/home-hero';
import { PromiseList } from './components/promise-list';
import './home.css';

/**
 * The home page (spec §2 "/"). Its sections, top to bottom: the hero, which will hold the search
 * form; then the map of locations, destinations, car sizes and supplier logos as they are built;
 * and the six promises of spec §1.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  return (
    <div className="home">
      <HomeHero />
      <PromiseList />
    </div>
  );
}
