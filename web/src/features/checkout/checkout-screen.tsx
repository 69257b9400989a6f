import type { CarDetails } from '@roam/contract/cars';
import type { Location } from '@roam/contract/locations';
import type { User } from '@roam/contract/users';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocations } from '#web/lib/locations';
import { readCriteria, type SearchCriteria, toSearchParams } from '#web/lib/search-params';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { useCar } from '#web/features/cars/api/get-car';
import { BookingDetails } from './components/booking-details';
import { ExtrasSection } from './components/checkout-options';
import { AdditionalDriverSection, DriverSection } from './components/driver-fields';
import { PriceSummary } from './components/price-summary';
import { loadCheckoutMore, loadPayStep, useCheckoutForm } from './lib/use-checkout-form';
import '#web/ui/form-field.css';
import '#web/ui/panel.css';
import './checkout.css';

const PayStep = lazy(() => loadPayStep().then((module) => ({ default: module.PayStep })));
/** Only for a supplier that asks for the driver's licence: below the driver's details, loaded as the form shows. */
const loadLicence = () => import('./components/licence-section');
const LicenceSection = lazy(() => loadLicence().then((module) => ({ default: module.LicenceSection })));

/** How to pay, its terms, the consent to later charges and the checklist: after the first paint (a Book waits). */
const PaymentSection = lazy(() => loadCheckoutMore().then((module) => ({ default: module.PaymentSection })));
/** The business's offer (its extras, fees, a promo code), from the same chunk: a Book waits for it (use-checkout-form). */
const Offer = lazy(() => loadCheckoutMore().then((module) => ({ default: module.OfferSection })));
/** The car's photos under its picture, from the same chunk (the gallery itself a chunk of its own, lazy-car-gallery). */
const Gallery = lazy(() => loadCheckoutMore().then((module) => ({ default: module.CarGallery })));

/** A place and those above it (an airport, then its city). */
const withParents = (places: Location[], id: string | null): Location[] => {
  const place = places.find((p) => p._id === id);
  return place ? [place, ...withParents(places, place.parentId)] : [];
};

/** Booking options, details, driver, payment options and the pick-up checklist (spec §2), then the payment. */
export function CheckoutScreen() {
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  // The payment step of a booking made: after Book, on a reload, or "pay now" from the list.
  if (bookingId) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PayStep bookingId={bookingId} />
      </Suspense>
    );
  }
  return <CheckoutChoices params={params} />;
}

function CheckoutChoices({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const carId = params.get('carId');
  const criteria = readCriteria(params);
  const car = useCar(criteria ? carId : null);
  const session = useSession();
  // The places searched, not the car's own: a search for Lyon offers the cars at Lyon's airport (the server's search
  // and checkout match a place, the places above it and those below it).
  const locations = useLocations();

  if (!carId || !criteria) {
    return (
      <Page title={t('checkout.title')} description={t('checkout.description')}>
        <p>{t('checkout.noCar')}</p>
        <Link className="button" to="/search">
          {t('checkout.backToSearch')}
        </Link>
      </Page>
    );
  }
  if (car.isPending || session.isLoading || locations.isPending) return <PageLoading />;
  const places = locations.data ?? [];
  const pickupPlaces = withParents(places, criteria.pickupLocationId);
  const [pickupPlace] = pickupPlaces;
  const offered = car.data?.locations.some(
    (at) =>
      pickupPlaces.some((p) => p._id === at._id) ||
      withParents(places, at._id).some((p) => p._id === criteria.pickupLocationId),
  );
  // Unknown locations (their list did not load) are left to the server's checkout.
  if (!car.data || (!offered && places.length > 0)) {
    return (
      <Page title={t('checkout.title')}>
        <p role="alert">{t(car.data ? 'checkout.notOffered' : 'checkout.carNotFound')}</p>
        <Link className="button" to={`/search?${toSearchParams(criteria)}`}>
          {t('checkout.backToSearch')}
        </Link>
      </Page>
    );
  }
  return (
    <CheckoutForm
      car={car.data}
      criteria={criteria}
      user={session.user}
      pickupPlace={pickupPlace}
      dropoffPlace={withParents(places, criteria.dropoffLocationId)[0]}
    />
  );
}

type CheckoutFormProps = {
  car: CarDetails;
  criteria: SearchCriteria;
  user: User | null;
  pickupPlace: Location | undefined;
  dropoffPlace: Location | undefined;
};

/** The form's sections and the price beside them; once booked, the payment's step in their place. */
export function CheckoutForm({ car, criteria, user, pickupPlace, dropoffPlace }: CheckoutFormProps) {
  const { t } = useTranslation();
  const timeZone = pickupPlace?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const checkout = useCheckoutForm({ car, criteria, user, timeZone, pickupPlace, dropoffPlace });
  const { form } = checkout;
  // Book waits for the licence's field: a Book before it is there would not name it among the missing fields.
  const [licenceReady, setLicenceReady] = useState(!car.supplier.licenseRequired);
  useEffect(() => {
    if (!licenceReady)
      loadLicence().then(
        () => setLicenceReady(true),
        () => {},
      );
  }, [licenceReady]);

  return (
    <Page title={t('checkout.title')} description={t('checkout.description')}>
      {checkout.paymentFailed || checkout.holdLapsed ? (
        <p className="checkout-alert" role="alert">
          {t(checkout.paymentFailed ? 'checkout.paymentFailed' : 'checkout.pay.lapsed')}
        </p>
      ) : null}
      {checkout.carTaken ? (
        <div className="checkout-alert" role="alert">
          <p>{t('checkout.carTaken')}</p>
          <Link className="button" to={`/search?${toSearchParams(criteria)}`}>
            {t('checkout.backToSearch')}
          </Link>
        </div>
      ) : null}
      <form className="checkout" {...form.formProps}>
        <div className="checkout__main">
          <BookingDetails
            car={car}
            criteria={criteria}
            pickupPlace={pickupPlace}
            dropoffPlace={dropoffPlace}
            timeZone={timeZone}
            price={checkout.price}
            dateError={form.errorOf}
          >
            <Suspense fallback={null}>
              <Gallery photos={car.photos} car={car.name} />
            </Suspense>
          </BookingDetails>
          <ExtrasSection checkout={checkout} car={car} />
          <Suspense fallback={null}>
            <Offer checkout={checkout} car={car} criteria={criteria} />
          </Suspense>
          <DriverSection checkout={checkout} user={user} />
          {checkout.extras.additionalDriver ? <AdditionalDriverSection checkout={checkout} /> : null}
          {car.supplier.licenseRequired ? (
            <Suspense fallback={null}>
              <LicenceSection checkout={checkout} />
            </Suspense>
          ) : null}
          <Suspense fallback={null}>
            <PaymentSection checkout={checkout} price={checkout.price} car={car} />
          </Suspense>
        </div>
        <PriceSummary
          price={checkout.price}
          option={checkout.option}
          busy={form.pending || !licenceReady}
          pricing={checkout.pricing}
        />
      </form>
    </Page>
  );
}
