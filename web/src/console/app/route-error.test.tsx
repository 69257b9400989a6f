import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';

// Each console screen has its own error boundary (router.tsx): one that fails says so in the console's layout, its
// sections still there to go elsewhere, and offers to try again.

vi.mock('#web/console/fleet/car-list-screen', () => ({
  CarListScreen: () => {
    throw new Error('the screen failed');
  },
}));

screenTests();

describe('a console screen that fails', () => {
  it('says so under the sections, with a retry', async () => {
    renderOperator('/operator/cars', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Operator console sections' });
    expect(within(sections).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });
});
