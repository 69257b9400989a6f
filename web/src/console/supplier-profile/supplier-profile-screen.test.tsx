import { AUTH_MESSAGES } from '@roam/contract/auth';
import type { SupplierProfile } from '@roam/contract/supplier-profile';
import type { User } from '@roam/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRIVER } from '#web/test-fixtures';
import { describedBy, refusal, screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';

screenTests();

const PROFILE: SupplierProfile = {
  _id: SUPPLIER._id,
  fullName: 'Azur Coast Rentals',
  email: 'supplier@roam.localhost',
  contactEmail: null,
  phone: '+33 4 93 00 12 34',
  logo: null,
  payLater: true,
  licenseRequired: false,
  priceChangeRate: 10,
  carCount: 3,
  legalName: null,
  legalAddress: null,
  vatNumber: null,
};
const ADMIN: User = { ...DRIVER, _id: '0e4c2a6b-7d1f-4c3e-9a8b-5f6d7e8a9b0c', type: 'admin', fullName: 'Alex Admin' };
const OTHER = { _id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', fullName: 'Atlas Drive', logo: null, carCount: 2 };

/** The server's answer to an update: the profile with the fields sent. */
const updated = ({ body }: { body: unknown }) => Response.json({ ...PROFILE, ...(body as Partial<SupplierProfile>) });

// The console's screens are lazy chunks that compile on first use: on a loaded 2-core machine that can take over the
// 5 s default (as the car editor's tests wait).
const FIRST_PAINT = { timeout: 20_000 };

describe('the supplier profile', { timeout: 40_000 }, () => {
  it('lets a supplier edit its own profile, the percentage read only and never sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/profile', {
      [`GET /api/supplier/${SUPPLIER._id}`]: () => Response.json(PROFILE),
      'PUT /api/update-supplier': updated,
    });
    const name = await screen.findByRole('textbox', { name: 'Name' }, FIRST_PAINT);
    const rate = screen.getByRole('textbox', { name: 'Price change percentage' });
    expect((rate as HTMLInputElement).readOnly).toBe(true);
    expect((rate as HTMLInputElement).value).toBe('10%');
    expect(describedBy(rate)).toBe('Only an admin can change it.');
    expect((screen.getByRole('textbox', { name: 'Sign-in e-mail' }) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Minimum rental' }) as HTMLInputElement).value).toBe('1 hour');

    await user.clear(name);
    await user.type(name, 'Azur Coast Rentals Nice');
    await user.type(screen.getByRole('textbox', { name: 'Contact e-mail' }), 'desk@azur.example');
    await user.click(screen.getByRole('checkbox', { name: 'Pay later allowed' }));
    await user.click(screen.getByRole('checkbox', { name: "Driver's licence required" }));
    // The seller on the business's invoices.
    await user.type(screen.getByRole('textbox', { name: 'Legal name' }), 'Azur Coast Location SAS');
    await user.type(screen.getByRole('textbox', { name: 'Registered address' }), '12 promenade des Anglais, Nice');
    await user.type(screen.getByRole('textbox', { name: 'VAT number' }), 'FR40123456789');
    await user.click(screen.getByRole('button', { name: 'Save the profile' }));
    expect(await screen.findByText('The profile was saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-supplier')?.body).toEqual({
      _id: SUPPLIER._id,
      fullName: 'Azur Coast Rentals Nice',
      contactEmail: 'desk@azur.example',
      phone: '+33 4 93 00 12 34',
      payLater: false,
      licenseRequired: true,
      legalName: 'Azur Coast Location SAS',
      legalAddress: '12 promenade des Anglais, Nice',
      vatNumber: 'FR40123456789',
    });
  });

  it('shows a missing name at its field without sending, and the server refusal at its field', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/profile', {
      [`GET /api/supplier/${SUPPLIER._id}`]: () => Response.json(PROFILE),
      'PUT /api/update-supplier': () => refusal(400, 'VALIDATION_FAILED', { phone: [AUTH_MESSAGES.invalidPhone] }),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' }, FIRST_PAINT);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save the profile' }));
    await waitFor(() => expect(describedBy(name)).toBe('Please fill in the field: Name'));
    expect(calls.some((call) => call.route === 'PUT /api/update-supplier')).toBe(false);
    await user.type(name, 'Azur');
    await user.click(screen.getByRole('button', { name: 'Save the profile' }));
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(describedBy(phone)).toBe('Invalid phone number'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets the admin choose the supplier and change its percentage', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderOperator(
      '/operator/profile',
      {
        'GET /api/suppliers': () => Response.json([{ ...OTHER, _id: SUPPLIER._id, fullName: PROFILE.fullName }, OTHER]),
        [`GET /api/supplier/${SUPPLIER._id}`]: () => Response.json(PROFILE),
        'PUT /api/update-supplier': updated,
      },
      ADMIN,
    );
    const supplier = await screen.findByRole('combobox', { name: 'Supplier' }, FIRST_PAINT);
    await screen.findByRole('option', { name: 'Atlas Drive' });
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await user.selectOptions(supplier, PROFILE.fullName);
    expect(router.state.location.search).toBe(`?supplier=${SUPPLIER._id}`);
    const rate = await screen.findByRole('textbox', { name: 'Price change percentage' });
    expect((rate as HTMLInputElement).readOnly).toBe(false);
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save the profile' }));
    expect(await screen.findByText('The profile was saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/update-supplier')?.body).toMatchObject({
      _id: SUPPLIER._id,
      priceChangeRate: 12.5,
    });
  });

  it('uploads the logo and shows it as the car cards will (60×30)', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator('/operator/profile', {
      [`GET /api/supplier/${SUPPLIER._id}`]: () => Response.json(PROFILE),
      [`POST /api/update-supplier-logo/${SUPPLIER._id}`]: () =>
        Response.json({ ...PROFILE, logo: '/cdn/suppliers/azur.png' }),
    });
    expect(await screen.findByText('No logo yet: drivers see the name instead.', {}, FIRST_PAINT)).toBeTruthy();
    const input = screen.getByLabelText('Upload a logo', { selector: 'input' });
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    const logo = await screen.findByRole('img', { name: 'Azur Coast Rentals logo' });
    expect(logo.getAttribute('src')).toBe('/cdn/suppliers/azur.png');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['60', '30']);
    const sent = calls.find((call) => call.route === `POST /api/update-supplier-logo/${SUPPLIER._id}`)?.body;
    expect(sent instanceof FormData && (sent.get('image') as File).name).toBe('logo.png');
    expect(screen.getByRole('button', { name: 'Remove the logo' })).toBeTruthy();
  });
});
