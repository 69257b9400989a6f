import type { CarPhoto } from '@roam/contract/cars';
import { lazy, Suspense } from 'react';

// The checkout's gallery loads after the screen: /checkout has no JS to spare (docs/architecture.md §7), and the car's
// first photo is already on the screen above it. Its words are the core strings' (no area of its own to load). The
// checkout shows it under the car's picture in the booking details, through the chunk below the fold
// (checkout-screen.tsx, checkout-more.tsx), so that the route's first load carries none of it.
const Gallery = lazy(() => import('./car-gallery'));

/** The car's photos, for a car with more than one (car-gallery.tsx). */
export const CarGallery = (props: { photos: CarPhoto[]; car: string }) =>
  props.photos.length > 1 ? (
    <Suspense>
      <Gallery {...props} />
    </Suspense>
  ) : null;
