import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIO } from '#web/test-fixtures';
import { renderScreen, screenTests } from '#web/test-utils';
import { CarCard, DEFAULT_CAR_IMAGE } from './car-card';

// A search result's picture: the car's photo, or the default picture when it has none (never a gap).

screenTests(['search', 'cars']);

const price = { total: 12000, perDay: 4000, rentalDays: 3 };

describe('a car card', () => {
  it('shows the default picture for a car without a photo, and the photo otherwise', () => {
    renderScreen(
      <>
        <CarCard car={{ ...CLIO, image: null }} price={price} availability="available" bookHref={null} />
        <CarCard
          car={{ ...CLIO, _id: '4f1e2d4c-5b6a-4789-9abc-def012345678', image: '/api/files/photo' }}
          price={price}
          availability="available"
          bookHref={null}
        />
      </>,
    );
    const pictures = screen.getAllByRole('presentation') as HTMLImageElement[];
    expect(pictures.map((picture) => picture.getAttribute('src'))).toEqual([DEFAULT_CAR_IMAGE, '/api/files/photo']);
  });
});
