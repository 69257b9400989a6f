import { CarSizes } from './car-sizes';
import { Destinations } from './destinations';
import { SupplierLogos } from './supplier-logos';

/** The home page's sections below the map: loaded as the visitor scrolls towards them (home-screen.tsx). */
export function HomeMore() {
  return (
    <>
      <Destinations />
      <CarSizes />
      <SupplierLogos />
    </>
  );
}
