import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, screenTests } from '#web/test-utils';
import CarGallery from './car-gallery';

screenTests();

// The checkout's gallery: buttons with names, the arrow keys, the photo shown announced and named.

const photos = [1, 2, 3].map((n) => ({
  _id: `p${n}`,
  url: `/api/files/${n}`,
  srcset: `/api/files/${n}s 300w, /api/files/${n} 600w`,
}));

describe("the checkout's gallery", () => {
  it('goes through the photos with its buttons and the arrow keys, saying which one is shown', async () => {
    const user = userEvent.setup();
    renderScreen(<CarGallery photos={photos} car="Renault Clio" />);
    const gallery = await screen.findByRole('region', { name: 'Renault Clio' });
    const shown = () => screen.getByRole('img', { name: /^Renault Clio \d \/ 3$/ });
    expect([shown().getAttribute('alt'), shown().getAttribute('srcset')]).toEqual([
      'Renault Clio 1 / 3',
      '/api/files/1s 300w, /api/files/1 600w',
    ]);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(shown().getAttribute('src')).toBe('/api/files/2');
    expect(gallery.querySelector('[aria-live="polite"]')?.textContent).toBe('2 / 3');
    expect(screen.getByRole('button', { name: 'Renault Clio 2 / 3' }).getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    await user.keyboard('{ArrowLeft}');
    expect(shown().getAttribute('alt')).toBe('Renault Clio 3 / 3');
    await user.keyboard('{ArrowRight}');
    expect(shown().getAttribute('alt')).toBe('Renault Clio 1 / 3');
    await user.click(screen.getByRole('button', { name: 'Renault Clio 3 / 3' }));
    expect(shown().getAttribute('src')).toBe('/api/files/3');
  });
});
