import { describe, expect, it } from 'vitest';
import { bookingPeriodFormSchema } from './bookings.schema.ts';

describe("the booking editor's dates", () => {
  const form = bookingPeriodFormSchema({ pickup: 'Europe/Paris', dropoff: 'America/New_York' });
  const period = { pickupDate: '2030-06-01', pickupTime: '10:00', dropoffDate: '2030-06-04', dropoffTime: '10:00' };

  it("reads each end on its place's clock", () => {
    expect(form.parse(period)).toEqual({
      pickupAt: '2030-06-01T08:00:00.000Z',
      dropoffAt: '2030-06-04T14:00:00.000Z',
    });
  });

  it("refuses a drop-off that is not after the pick-up with the spec's 'Invalid drop-off time'", () => {
    const result = form.safeParse({ ...period, dropoffDate: '2030-05-31' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['dropoffDate', 'Invalid drop-off time'],
    ]);
  });

  it('refuses a date that is not one', () => {
    const result = form.safeParse({ ...period, pickupDate: '2030-02-30' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['pickupDate']);
  });
});
