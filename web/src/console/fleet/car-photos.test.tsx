import type { OperatorCar } from '@roam/contract/fleet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { OPERATOR_CLIO, renderOperator } from '#web/console/test-utils';

screenTests();

// A car's photos in its editor (docs/api.md, the fleet's calls): several chosen at once go in one upload; a photo is
// moved with buttons named by its place, the focus staying on it; a deletion is confirmed first.

const photo = (n: number) => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  url: `/api/files/${n}`,
  srcset: `/api/files/${n} 600w`,
});
const CAR: OperatorCar = { ...OPERATOR_CLIO, image: '/api/files/1', photos: [photo(1), photo(2), photo(3)] };
const withOrder = (ids: string[]) => ({
  ...CAR,
  photos: ids.map((id) => CAR.photos.find((one) => one._id === id)!),
});

describe("a car's photos", { timeout: 40_000 }, () => {
  it('uploads several at once, moves one keeping the focus, and deletes one after asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(`/operator/cars/${CAR._id}`, {
      [`GET /api/car/${CAR._id}`]: () => Response.json(CAR),
      [`GET /api/car-charge-rules/${CAR._id}`]: () =>
        Response.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 }),
      [`POST /api/add-car-photos/${CAR._id}`]: () =>
        Response.json({ ...CAR, photos: [...CAR.photos, photo(4), photo(5)] }),
      [`POST /api/reorder-car-photos/${CAR._id}`]: ({ body }) =>
        Response.json(withOrder((body as { photoIds: string[] }).photoIds)),
      [`DELETE /api/delete-car-photo/${CAR._id}/${photo(3)._id}`]: () =>
        Response.json(withOrder([photo(1)._id, photo(2)._id])),
    });
    const section = await screen.findByRole('region', { name: 'Photos' }, { timeout: 20_000 });
    expect(
      within(section)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Renault Clio, photo 1 of 3', 'Renault Clio, photo 2 of 3', 'Renault Clio, photo 3 of 3']);

    const input = section.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    await user.upload(input, [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(within(section).getAllByRole('img')).toHaveLength(5));
    const uploads = calls.filter((call) => call.route === `POST /api/add-car-photos/${CAR._id}`);
    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.body as FormData).getAll('photos').map((file) => (file as File).name)).toEqual([
      'a.png',
      'b.png',
    ]);
    expect(within(section).getByRole('status').textContent).toBe('2 photos added.');
  });

  it('moves a photo to the front with its button, the focus following it, and confirms a deletion', async () => {
    const user = userEvent.setup();
    const { calls } = renderOperator(`/operator/cars/${CAR._id}`, {
      [`GET /api/car/${CAR._id}`]: () => Response.json(CAR),
      [`GET /api/car-charge-rules/${CAR._id}`]: () =>
        Response.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 }),
      [`POST /api/reorder-car-photos/${CAR._id}`]: ({ body }) =>
        Response.json(withOrder((body as { photoIds: string[] }).photoIds)),
      [`DELETE /api/delete-car-photo/${CAR._id}/${photo(1)._id}`]: () =>
        Response.json(withOrder([photo(2)._id, photo(3)._id])),
    });
    const section = await screen.findByRole('region', { name: 'Photos' }, { timeout: 20_000 });
    expect(
      (within(section).getByRole('button', { name: 'Move earlier: photo 1 of 3' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Move earlier: photo 2 of 3' }));
    await waitFor(() => expect(within(section).getAllByRole('img')[0]!.getAttribute('src')).toBe('/api/files/2'));
    expect(calls.find((call) => call.route.startsWith('POST /api/reorder'))?.body).toEqual({
      photoIds: [photo(2)._id, photo(1)._id, photo(3)._id],
    });
    // At the front its "earlier" is disabled: the focus is on its "later".
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move later: photo 1 of 3'));
    expect(within(section).getByRole('status').textContent).toBe('Photo moved to place 1 of 3.');

    await user.click(within(section).getByRole('button', { name: 'Delete photo 2 of 3' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete photo 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(section).getAllByRole('img')).toHaveLength(2));
    expect(calls.some((call) => call.route === `DELETE /api/delete-car-photo/${CAR._id}/${photo(1)._id}`)).toBe(true);
  });
});
