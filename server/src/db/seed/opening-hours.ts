import type { OpeningHours } from '@roam/contract/opening-hours';
import { publicHolidays } from '#server/features/opening-hours/opening-hours.service.ts';

// The demo data's own opening hours (contract opening-hours.ts), at two Swedish locations, so a visitor sees them on
// the locations page and in the time lists; every other location keeps the booking rules' site-wide hours.

const weekday = [{ from: '07:00', to: '19:00' }];
const WEEK: OpeningHours['weekly'] = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: weekday,
  sat: [{ from: '09:00', to: '15:00' }],
  sun: [],
};

/** Stockholm Central with a key box (25 €) after hours, Gothenburg without: closed on Sundays and holidays. */
export async function demoOpeningHours(now: Date): Promise<Record<string, OpeningHours>> {
  const year = now.getUTCFullYear();
  // Sweden's national public holidays, this year's and next (date-holidays, as the admin's editor adds them).
  const closures = [...(await publicHolidays('SE', year, 'en')), ...(await publicHolidays('SE', year + 1, 'en'))];
  return {
    stockholmCentral: { weekly: WEEK, closures, afterHours: { feeMinor: 2500 } },
    gothenburg: {
      weekly: {
        ...WEEK,
        sat: [...WEEK.sat],
        mon: [
          { from: '07:00', to: '12:00' },
          { from: '13:00', to: '19:00' },
        ],
      },
      closures,
      afterHours: null,
    },
  };
}
