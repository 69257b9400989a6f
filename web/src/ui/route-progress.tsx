import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import './route-progress.css';

/** A thin bar at the top of the window while the next screen loads (spec §2). */
export function RouteProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="route-progress" role="progressbar" aria-label={t('common.loadingPage')}>
      <div className="route-progress__bar" />
    </div>
  );
}
