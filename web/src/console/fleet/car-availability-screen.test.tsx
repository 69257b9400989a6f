import type { CarBlock, CarCalendar } from '@roam/contract/car-blocks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusal, screenTests } from '#web/test-utils';
import { OPERATOR_CLIO, renderOperator } from '#web/console/test-utils';

screenTests();

// The console's screens are lazy chunks that compile on first use (as car-editor-screen.test.tsx waits for them).
const FIRST_PAINT = { timeout: 20_000 };

const BLOCK: CarBlock = {
  _id: '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
  carId: OPERATOR_CLIO._id,
  // 2026-12-10 09:00 to 2026-12-12 17:00 in Paris.
  startAt: '2026-12-10T08:00:00.000Z',
  endAt: '2026-12-12T16:00:00.000Z',
  reason: 'maintenance',
  note: 'Brakes',
  createdAt: '2026-11-01T00:00:00.000Z',
};

const calendar = (): Response =>
  Response.json({
    car: { _id: OPERATOR_CLIO._id, name: OPERATOR_CLIO.name, timeZone: 'Europe/Paris' },
    bookings: [],
    blocks: [BLOCK],
  } satisfies CarCalendar);

const handlers = (update: Parameters<typeof renderOperator>[1][string]) => ({
  [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
  [`GET /api/car-calendar/${OPERATOR_CLIO._id}`]: calendar,
  'PUT /api/update-car-block': update,
});

async function openChange() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Change the period from/ }, FIRST_PAINT));
  const form = screen.getByRole('form', { name: 'Change the blocked period' });
  return { user, form };
}

describe('changing a blocked period', () => {
  it('shows the period at the car’s place and sends only the block’s new period and reason', async () => {
    const { calls } = renderOperator(
      `/operator/cars/${OPERATOR_CLIO._id}/availability?month=2026-12`,
      handlers(({ body }) => Response.json({ ...BLOCK, ...(body as object) })),
    );
    const { user, form } = await openChange();
    expect(document.activeElement?.textContent).toBe('Change the blocked period');
    expect((within(form).getByLabelText('From (date)') as HTMLInputElement).value).toBe('2026-12-10');
    expect((within(form).getByLabelText('From (time)') as HTMLInputElement).value).toBe('09:00');
    expect((within(form).getByLabelText('To (time)') as HTMLInputElement).value).toBe('17:00');
    const end = within(form).getByLabelText('To (date)');
    await user.clear(end);
    await user.type(end, '2026-12-14');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'Private use');
    await user.click(within(form).getByRole('button', { name: 'Save the period' }));
    const said = await screen.findByText('The period was changed.');
    // Said above the calendar, in the calendar's section: a toast at the foot of a phone's screen would cover it.
    expect(said.getAttribute('role')).toBe('status');
    expect(screen.getByRole('region', { name: 'Calendar' }).contains(said)).toBe(true);
    const sent = calls.find((call) => call.route === 'PUT /api/update-car-block');
    expect(sent?.body).toEqual({
      _id: BLOCK._id,
      startAt: '2026-12-10T08:00:00.000Z',
      endAt: '2026-12-14T16:00:00.000Z',
      reason: 'privateUse',
      note: 'Brakes',
    });
    // Saved: the form is the new period's again.
    expect(await screen.findByRole('form', { name: 'Block a period' })).toBeTruthy();
  });

  it('says at its start why the server refused a period over a booking or another block', async () => {
    renderOperator(
      `/operator/cars/${OPERATOR_CLIO._id}/availability?month=2026-12`,
      handlers(() =>
        refusal(409, 'CONFLICT', {
          startAt: ['This period overlaps a booking or another blocked period of this car.'],
        }),
      ),
    );
    const { user, form } = await openChange();
    await user.click(within(form).getByRole('button', { name: 'Save the period' }));
    const start = within(form).getByLabelText('From (date)');
    await screen.findByText('This period overlaps a booking or another blocked period of this car.');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('form', { name: 'Change the blocked period' })).toBeTruthy();
  });
});
