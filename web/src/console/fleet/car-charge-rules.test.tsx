import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { OPERATOR_CLIO, renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// A car's side of the counter in its editor (docs/api.md "The counter"): its tank, its odometer and last service,
// and the supplier's charge rules it sets otherwise; blank follows the supplier's.

describe("a car's counter settings", { timeout: 40_000 }, () => {
  it('saves the tank, the service reading and its own fuel price, and clears an override to the supplier’s', async () => {
    const { calls } = renderOperator(`/operator/cars/${OPERATOR_CLIO._id}`, {
      [`GET /api/car/${OPERATOR_CLIO._id}`]: () => Response.json(OPERATOR_CLIO),
      [`GET /api/supplier/${SUPPLIER._id}`]: () => Response.json({ ...SUPPLIER, priceChangeRate: 10 }),
      [`GET /api/car-charge-rules/${OPERATOR_CLIO._id}`]: () =>
        Response.json({
          carId: OPERATOR_CLIO._id,
          tankLitres: null,
          odometer: 18234,
          serviceOdometer: null,
          overrides: {
            fuelPricePerLitre: null,
            refuellingFee: null,
            batteryPricePerPercent: null,
            pricePerExtraKm: null,
            lateGraceMinutes: 30,
            latePricePerHour: null,
            cleaningFee: null,
            oneWayFee: null,
          },
        }),
      'PUT /api/update-car-charge-rules': ({ body }) => Response.json(body),
    });
    const section = await screen.findByRole('region', { name: 'At the counter' }, { timeout: 20_000 });
    expect(((await within(section).findByLabelText('Odometer')) as HTMLInputElement).value).toBe('18234');
    await userEvent.type(within(section).getByLabelText('Tank'), '45');
    await userEvent.type(within(section).getByLabelText('Odometer at the last service'), '15000');
    await userEvent.type(within(section).getByLabelText('Fuel, per litre'), '2,10');
    await userEvent.clear(within(section).getByLabelText('Late return: minutes free'));
    await userEvent.click(within(section).getByRole('button', { name: 'Save the counter settings of this car' }));
    expect(await screen.findByText("This car's counter settings are saved.")).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-car-charge-rules')?.body).toEqual({
      carId: OPERATOR_CLIO._id,
      tankLitres: 45,
      odometer: 18234,
      serviceOdometer: 15000,
      overrides: {
        fuelPricePerLitre: 210,
        refuellingFee: null,
        batteryPricePerPercent: null,
        pricePerExtraKm: null,
        lateGraceMinutes: null,
        latePricePerHour: null,
        cleaningFee: null,
        oneWayFee: null,
      },
    });
  });
});
