import type { CounterSettings, UpdateCounterSettingsBody } from '@roam/contract/counter.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

// The supplier's counter settings (docs/api.md "The counter"): the checklist in five languages, the agreement's own
// terms, the no-show rule and the charge rules — money typed in euros, sent in cents.

const settings = (): CounterSettings => ({
  supplierId: SUPPLIER._id,
  checklist: [
    {
      id: 'keys',
      labels: { en: 'Two keys', fr: 'Deux clés', es: 'Dos llaves', se: 'Två nycklar', de: 'Zwei Schlüssel' },
    },
  ],
  terms: { en: 'No smoking.', fr: 'Non-fumeur.', es: 'No fumar.', se: 'Rökfritt.', de: 'Nichtraucher.' },
  earlyCheckOutHours: 0,
  noShowGraceMinutes: 120,
  noShowRule: 'keep',
  noShowFee: 0,
  chargeRules: {
    fuelPricePerLitre: 250,
    refuellingFee: 2000,
    defaultTankLitres: 50,
    batteryPricePerPercent: 50,
    pricePerExtraKm: 30,
    lateGraceMinutes: 59,
    latePricePerHour: 1500,
    cleaningFee: 5000,
    oneWayFee: null,
    oneWayFees: [],
  },
});

describe('the counter settings', () => {
  it('saves a new checklist item with its labels, the no-show fee and a fuel price, in cents', async () => {
    const { calls } = renderOperator('/operator/counter-settings', {
      [`GET /api/counter-settings/${SUPPLIER._id}`]: () => Response.json(settings()),
      'PUT /api/update-counter-settings': ({ body }) => Response.json({ ...settings(), ...(body as object) }),
    });
    const fuel = await screen.findByLabelText('Fuel, per litre');
    expect((fuel as HTMLInputElement).value).toBe('2.5');
    await userEvent.clear(fuel);
    await userEvent.type(fuel, '1,95');
    await userEvent.click(screen.getByRole('radio', { name: 'Charge a no-show fee, refund the rest' }));
    await userEvent.type(screen.getByLabelText('No-show fee'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    const item = screen.getByRole('group', { name: 'Item 2' });
    for (const [language, label] of [
      ['English', 'Spare wheel'],
      ['Français', 'Roue de secours'],
      ['Español', 'Rueda de repuesto'],
      ['Svenska', 'Reservhjul'],
      ['Deutsch', 'Ersatzrad'],
    ] as const)
      await userEvent.type(within(item).getByLabelText(`Item 2 in ${language}`), label);
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The counter settings are saved.')).toBeTruthy();
    const sent = calls.find((call) => call.route === 'PUT /api/update-counter-settings')
      ?.body as UpdateCounterSettingsBody;
    expect(sent.supplierId).toBe(SUPPLIER._id);
    expect(sent.noShowRule).toBe('fee');
    expect(sent.noShowFee).toBe(4500);
    expect(sent.chargeRules?.fuelPricePerLitre).toBe(195);
    expect(sent.chargeRules?.oneWayFee).toBeNull();
    expect(sent.checklist?.[1]).toEqual({
      id: 'spare-wheel',
      labels: { en: 'Spare wheel', fr: 'Roue de secours', es: 'Rueda de repuesto', se: 'Reservhjul', de: 'Ersatzrad' },
    });
  });

  it('names a missing label of a new item at its field and sends nothing', async () => {
    const { calls } = renderOperator('/operator/counter-settings', {
      [`GET /api/counter-settings/${SUPPLIER._id}`]: () => Response.json(settings()),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an item' }));
    await userEvent.type(screen.getByLabelText('Item 2 in English'), 'Spare wheel');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(screen.getByLabelText('Item 2 in Français').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((call) => call.route === 'PUT /api/update-counter-settings')).toBe(false);
  });
});
