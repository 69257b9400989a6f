import type { OperatorCar } from '@roam/contract/fleet';
import { SECTION_PERMISSIONS } from '@roam/contract/team';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { usePermissions } from '#web/console/team/api/team';
import { useOperatorCar } from '../api/fleet';
import { CarTabs } from './car-tabs';

/** The way back to the list, at the top of every car screen. */
export function BackToCars() {
  const { t } = useTranslation();
  return (
    <p className="op-back">
      <Link to="/operator/cars">{t('operatorCars.back')}</Link>
    </p>
  );
}

/**
 * One car's screen: its operator's reading of the car, then the screen's content under the car's name and
 * sections. A car that is not there, or not the reader's (403), is said to be not found: its existence is not told.
 */
export function CarFrame({
  carId,
  section,
  children,
}: {
  carId: string;
  /** The section's name, after the car's in the tab's title. */
  section?: string;
  children: (car: OperatorCar) => ReactNode;
}) {
  const { t } = useTranslation();
  const car = useOperatorCar(carId, useLanguage());
  // A role that reads a car's calendar but edits no car (the counter's, from the scheduler) has no list nor editor.
  const fleet = usePermissions().has(SECTION_PERMISSIONS.cars);
  if (car.isPending) return <PageLoading />;
  if (car.isError || !('licensePlate' in car.data)) {
    const missing = !isApiError(car.error) || car.error.status === 404 || car.error.status === 403;
    return (
      <Page title={t(missing ? 'operatorCars.notFound.title' : 'operatorCars.notFound.error')}>
        {fleet ? <BackToCars /> : null}
      </Page>
    );
  }
  return (
    <Page title={section ? t('operatorCars.sectionTitle', { car: car.data.name, section }) : car.data.name}>
      {fleet ? (
        <>
          <BackToCars />
          <CarTabs carId={carId} />
        </>
      ) : null}
      {children(car.data)}
    </Page>
  );
}
