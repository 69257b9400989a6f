import type { CarPhoto } from '@roam/contract/cars';
import { lazy, Suspense } from 'react';
import { importWithStrings } from '#web/i18n';

// The checkout's gallery loads after the screen, with its own strings: /checkout has no JS to spare
// (docs/architecture.md §7), and the car's first photo is already on the screen above it.
const Gallery = lazy(() =>
  importWithStrings('features/checkout/components/car-gallery', () => import('./car-gallery')),
);

/** The car's photos, for a car with more than one (car-gallery.tsx). */
export const CarGallery = (props: { photos: CarPhoto[]; car: string }) =>
  props.photos.length > 1 ? (
    <Suspense>
      <Gallery {...props} />
    </Suspense>
  ) : null;
