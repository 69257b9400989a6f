import type { CarBlock } from '@roam/contract/car-blocks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useConfirm } from '#web/ui/confirm';
import { toast } from '#web/ui/toast';
import { addMonths, monthOf, monthRange } from '#web/console/lib/calendar';
import { usePermissions } from '#web/console/team/api/team';
import { useCarBlocks, useCarCalendar } from './api/car-calendar';
import { BlockForm } from './components/block-form';
import { CarCalendarMonth } from './components/car-calendar';
import { CarFrame } from './components/car-frame';
import './fleet.css';

/** The car's time zone until the calendar answers it: the one of the reader's device. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Availability({ carId }: { carId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const [zone, setZone] = useState(deviceZone);
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '')
    ? (params.get('month') as string)
    : monthOf(new Date(), zone);
  const calendar = useCarCalendar(carId, monthRange(month, zone), language);
  const timeZone = calendar.data?.car.timeZone;
  if (timeZone && timeZone !== zone) setZone(timeZone);
  const { remove } = useCarBlocks(carId);
  const { dialog, ask } = useConfirm();
  const [editing, setEditing] = useState<CarBlock | null>(null);
  // Blocking a period is a fleet edit: a counter agent reads the calendar only (contract team.ts).
  const mayBlock = usePermissions().has('fleet.write');
  const removeBlock = async (blockId: string) => {
    remove.reset();
    const yes = await ask({
      title: t('operatorCars.blocks.removeTitle'),
      description: t('operatorCars.blocks.removeText'),
      confirmLabel: t('operatorCars.blocks.removeConfirm'),
    });
    if (yes) remove.mutate(blockId, { onSuccess: () => toast.success(t('operatorCars.blocks.removed')) });
  };
  const toMonth = (offset: number) => setParams({ month: addMonths(month, offset) });
  return (
    <>
      <section className="op-section" aria-labelledby="op-calendar-title">
        <h2 id="op-calendar-title" className="op-section__title">
          {t('operatorCars.calendar.title')}
        </h2>
        <p className="op-section__hint">{t('operatorCars.calendar.hint', { timeZone: zone })}</p>
        <div className="op-calendar__nav">
          <button type="button" className="button button--secondary" onClick={() => toMonth(-1)}>
            {t('operatorCars.calendar.previous')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => toMonth(1)}>
            {t('operatorCars.calendar.next')}
          </button>
        </div>
        {calendar.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorCars.calendar.error')}
          </p>
        ) : calendar.data ? (
          <CarCalendarMonth
            month={month}
            calendar={calendar.data}
            onEditBlock={mayBlock ? setEditing : undefined}
            onRemoveBlock={mayBlock ? removeBlock : undefined}
          />
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </section>
      {timeZone && mayBlock ? (
        <BlockForm
          key={editing?._id ?? 'new'}
          carId={carId}
          timeZone={timeZone}
          editing={editing ?? undefined}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {remove.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorCars.blocks.error')}
        </p>
      ) : null}
      {dialog}
    </>
  );
}

/** The car's availability: its month calendar of bookings and blocks, and blocking a period. */
export function CarAvailabilityScreen() {
  const params = useParams();
  const { t } = useTranslation();
  const carId = params.carId ?? '';
  return (
    <CarFrame carId={carId} section={t('operatorCars.tabs.availability')}>
      {() => <Availability carId={carId} />}
    </CarFrame>
  );
}
