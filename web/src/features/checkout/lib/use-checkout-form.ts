import { offeredPaymentOptions } from '@roam/contract/booking-terms';
import type { PaymentOption } from '@roam/contract/bookings';
import type { CarDetails } from '@roam/contract/cars';
import type { BookedCatalogueExtra } from '@roam/contract/catalogue-extras';
import type { CheckoutBody, CheckoutResult, GuestDriverBody } from '@roam/contract/checkout';
import type { Location } from '@roam/contract/locations';
import type { placeFeesOf } from '@roam/contract/opening-hours';
import {
  type ChosenExtras,
  calculatePrice,
  type PriceBreakdown,
  type PriceDiscount,
  type PriceExtraLines,
} from '@roam/contract/price';
import type { RentalFees } from '@roam/contract/rental-fees';
import type { User } from '@roam/contract/users';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { importWithStrings, useLanguage } from '#web/i18n';
import { api, isApiError } from '#web/lib/api-client';
import type { SearchCriteria } from '#web/lib/search-params';
import { useSettings } from '#web/lib/settings';
import { useContractForm } from '#web/lib/use-contract-form';
import { useMoney } from '#web/lib/use-money';
import { toast } from '#web/ui/toast';
import type { BackFromPayment } from './back-from-payment';
import { readExtras, readOption, readSavedDriver, saveDriver, withChoices } from './checkout-choices';
import { hereHref } from './here-href';

// The checkout form's state, rules and submit (spec §2, §5): the driver fields through the one form hook
// and the contract's checkout schema, the options and the price beside them, then the booking call and what its
// answer leads to (the result screen, the card provider, or the pay step at `?booking=`, which a reload keeps). The
// extras and the payment option are in the address and the driver's details in the tab's session storage, so that a
// reload keeps every choice.

export type Person = { fullName: string; email: string; phone: string; birthDate: string };
export type CheckoutValues = {
  driver: Person & { acceptTerms: boolean };
  additionalDriver: Person;
  licence: File | null;
  /** A business as the invoices' buyer (components/invoice-buyer.tsx), sent only when `business` is ticked. */
  invoiceBuyer: { name: string; address: string; vatNumber: string };
};

/**
 * The business's offer as the lazily loaded section reports it (checkout-offer.tsx): the catalogue extras chosen and
 * their lines, the fees by rule of the places and the driver (null: their quote did not come, so no price is shown),
 * and the promo code applied with its discount — each for the one price engine, as the server's checkout prices them.
 */
export type Catalogue = {
  chosen: BookedCatalogueExtra[];
  lines: PriceExtraLines | undefined;
  fees: RentalFees | null;
  promo?: { code: string; discount: PriceDiscount };
};

const NO_ONE: Person = { fullName: '', email: '', phone: '', birthDate: '' };

/** The pay step shows only once the booking is made: its code downloads while the booking is sent. */
export const loadPayStep = () =>
  importWithStrings('features/checkout/components/pay-step', () => import('../components/pay-step'));

/**
 * The sections below the fold (how to pay, its terms, the consent to later charges, the checklist): loaded after the
 * first paint, outside the route's first load (bench/README.md "Route JS ratchet"); a Book waits for them.
 */
export const loadCheckoutMore = () =>
  importWithStrings('features/checkout/components/checkout-more', () => import('../components/checkout-more'));

/**
 * The key box's rule (contract opening-hours.ts), fetched only when a place has a key box: the other checkouts never
 * download it, and the route's first load stays within its budget (bench/README.md).
 */
const loadPlaceFees = () => import('@roam/contract/opening-hours').then((module) => module.placeFeesOf);

async function uploadLicence(licence: Blob): Promise<string | undefined> {
  const data = new FormData();
  data.append('file', licence);
  const answer = await api.post<{ _id?: string; id?: string } | string>('/api/create-license', data);
  return typeof answer === 'string' ? answer : (answer._id ?? answer.id);
}

export function useCheckoutForm(input: {
  car: CarDetails;
  criteria: SearchCriteria;
  user: User | null;
  /** The pick-up place's: ages are counted, and times shown, on its clock. */
  timeZone: string;
  /** The places as the locations list has them (undefined when it did not load): their key box's fees. */
  pickupPlace?: Pick<Location, 'openingHours' | 'timeZone'>;
  dropoffPlace?: Pick<Location, 'openingHours' | 'timeZone'>;
}) {
  const { car, criteria, user, timeZone, pickupPlace, dropoffPlace } = input;
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // The car's own minimum driver age (18 to 99), as the server checks it.
  const minimumAge = car.minimumAge;
  // Online options need a gateway: none in production without a card provider or the wallet (settings.payment).
  const online = settings.payment.card !== null || settings.payment.wallet;
  // Only options that differ: no "security deposit online" for a car without one.
  const options = offeredPaymentOptions({ deposit: car.deposit, payLater: car.supplier.payLater, online });

  // Held here as well as in the address: a switch shows its new state at once, while the address catches up (a
  // navigation of the router, which a click must not wait for).
  const [{ extras, option }, setChoices] = useState(() => ({
    extras: readExtras(params),
    option: readOption(params, options),
  }));
  const choose = (choices: { extras?: ChosenExtras; option?: PaymentOption }) => {
    setChoices((current) => ({ ...current, ...choices }));
    setParams((current) => withChoices(current, choices), { replace: true, preventScrollReset: true });
  };
  // The business's own extras as chosen (its mandatory ones in), reported by their lazily loaded section; null until
  // it has answered, and a Book waits for it: never a booking without a line the server will charge.
  const [catalogue, reportCatalogue] = useState<Catalogue | null>(null);
  // A Book in flight reads the latest report, not its render's `catalogue`: a report that comes while it awaits (the
  // chunk below the fold, the licence's upload) must reach it, or it would wait for one more that never comes.
  const reported = useRef<Catalogue>(null);
  const known = useRef<(chosen: Catalogue) => void>(null);
  const setCatalogue = useCallback((chosen: Catalogue) => {
    reported.current = chosen;
    reportCatalogue(chosen);
    known.current?.(chosen);
  }, []);
  const back = (location.state ?? {}) as BackFromPayment;
  const [carTaken, setCarTaken] = useState(Boolean(back.carTaken));
  const [licenceFailed, setLicenceFailed] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  const [business, setBusiness] = useState(false);

  const keyBox = Boolean(pickupPlace?.openingHours?.afterHours || dropoffPlace?.openingHours?.afterHours);
  const [feesOf, setFeesOf] = useState<typeof placeFeesOf | null>(null);
  useEffect(() => {
    if (keyBox && !feesOf)
      loadPlaceFees().then(
        (rule) => setFeesOf(() => rule),
        () => {},
      );
  }, [keyBox, feesOf]);
  // Not priced until the key box's rule is here: never a total without the fee the server will charge.
  const pricing = keyBox && !feesOf;

  const price: PriceBreakdown | null = useMemo(() => {
    if (pricing) return null;
    try {
      const period = { pickupAt: new Date(criteria.pickupAt), dropoffAt: new Date(criteria.dropoffAt) };
      // A time after hours at a place with a key box adds its fee, as the server's checkout does (contract).
      const placeFees = feesOf?.(
        { openingHours: pickupPlace?.openingHours ?? null, timeZone, at: period.pickupAt },
        {
          openingHours: dropoffPlace?.openingHours ?? null,
          timeZone: dropoffPlace?.timeZone ?? timeZone,
          at: period.dropoffAt,
        },
      );
      const priceChangeRate = car.supplier.priceChangeRate;
      // The offer's lines come from its section's own chunk (catalogue extras, fees by rule, a promo code).
      if (catalogue?.fees === null) return null;
      const offer = {
        catalogueExtras: catalogue?.lines,
        rentalFees: catalogue?.fees,
        discount: catalogue?.promo?.discount,
      };
      return calculatePrice({ car, priceChangeRate, ...period, timeZone, extras, placeFees, ...offer });
    } catch {
      return null;
    }
  }, [car, criteria, timeZone, extras, pickupPlace, dropoffPlace, pricing, feesOf, catalogue]);

  const saved = useMemo(() => readSavedDriver<Person>(), []);
  const form = useContractForm({
    initialValues: {
      driver: { ...NO_ONE, birthDate: user?.birthDate ?? '', ...saved.driver, acceptTerms: false },
      additionalDriver: { ...NO_ONE, ...saved.additionalDriver },
      licence: null,
      invoiceBuyer: { name: '', address: '', vatNumber: '' },
    } as CheckoutValues,
    schema: () =>
      import('@roam/contract/checkout.schema').then((contract) =>
        contract.checkoutFormSchema({
          minimumAge,
          pickupAt: criteria.pickupAt,
          timeZone,
          guest: !user,
          additionalDriver: Boolean(extras.additionalDriver),
          licenceRequired: car.supplier.licenseRequired,
          business,
        }),
      ),
    // A long form: what a refused Book says is a toast, where the user is, not at the top of the page.
    announce: (message) => toast.error(message),
    onSubmit: async (data) => {
      setCarTaken(false);
      // A Book before the sections below the fold are there waits for them: the choice sent is one the user saw.
      await loadCheckoutMore();
      // Failures are not reported here: rendering the pay step imports again and reports its own error.
      if (option !== 'payLater') loadPayStep().catch(() => {});
      let licenseFileId: string | undefined;
      try {
        if (car.supplier.licenseRequired && data.licence instanceof Blob)
          licenseFileId = await uploadLicence(data.licence);
      } catch {
        return setLicenceFailed(true);
      }
      // Read and, when none yet, wait in one step: no report can fall between the two.
      const offer = reported.current ?? (await new Promise<Catalogue>((resolve) => (known.current = resolve)));
      const body: CheckoutBody = {
        carId: car._id,
        ...criteria,
        extras,
        catalogueExtras: offer.chosen.map(({ id, quantity }) => ({ extraId: id, quantity })),
        ...(offer.promo && { promoCode: offer.promo.code }),
        paymentOption: option,
        // Asked only of an online payment; the server keeps nothing of a booking paid later.
        saveCard,
        currency: money.currency as CheckoutBody['currency'],
        ...(extras.additionalDriver ? { additionalDriver: data.additionalDriver as Person } : {}),
        ...(user ? {} : { driver: { ...(data.driver as GuestDriverBody), language } }),
        ...(licenseFileId ? { licenseFileId } : {}),
        ...(business ? { invoiceBuyer: data.invoiceBuyer as CheckoutBody['invoiceBuyer'] } : {}),
      };
      const result = await api.post<CheckoutResult>('/api/checkout', body);
      const state = { accountCreated: result.accountCreated };
      if (!result.payment && !(option !== 'payLater' && result.walletEnabled)) {
        await navigate(`/checkout-session/${result.bookingId}`, { state });
      } else if (result.payment?.provider === 'stripe' && !result.walletEnabled) {
        window.location.assign(result.payment.url);
      } else {
        // The pay step at its own address: a reload shows it again, for the same booking. It
        // starts from checkout's answer, and asks the server again.
        const next = new URLSearchParams(params);
        next.set('booking', result.bookingId);
        await navigate({ search: `?${next}` }, { state: { ...state, pending: result } });
      }
    },
    // Field errors (a registered address, an age, the server's date messages) are shown where they belong.
    onError: (error) => {
      if (isApiError(error) && error.code === 'CAR_UNAVAILABLE') setCarTaken(true);
      else toast.error(t('checkout.errors.generic'));
      return null;
    },
  });

  // Spec §7 validate-email, on leaving the field: its check rides in the chunk below the fold (check-email.ts).
  const blurredEmail = useRef('');
  const checkEmail = async () => (await loadCheckoutMore()).checkEmail(form, blurredEmail);

  // The driver's details survive a reload of this tab; the licence file and the terms' acceptance
  // are asked again.
  const { driver, additionalDriver } = form.values;
  useEffect(() => {
    const { acceptTerms: _acceptTerms, ...person } = driver;
    saveDriver<Person>({ driver: person, additionalDriver });
  }, [driver, additionalDriver]);

  return {
    form,
    /** The pick-up place's zone: the driver's age is counted on its calendar. */
    timeZone,
    minimumAge,
    options,
    option,
    setOption: (next: PaymentOption) => choose({ option: next }),
    extras,
    setExtras: (next: ChosenExtras) => choose({ extras: next }),
    price,
    catalogue,
    setCatalogue,
    /** The key box's rule is still on its way: the price is not shown yet. */
    pricing,
    carTaken,
    checkEmail,
    /** Signing in comes back to this checkout. */
    signInHref: hereHref(location),
    /** The guest's address has an account: the error offers to sign in. */
    emailTaken: form.serverCode('driver.email') === 'EMAIL_TAKEN',
    licenceFailed,
    /** The payer's consent to charges after the rental on their card (components/save-card.tsx). */
    saveCard,
    setSaveCard,
    /** The invoices in a business's name (components/invoice-buyer.tsx). */
    business,
    setBusiness,
    setLicence: (file: File | null) => {
      setLicenceFailed(false);
      form.setValue('licence', file);
    },
    /** The form came back from the payment step: the card was declined, or the car's hold lapsed. */
    paymentFailed: Boolean(back.paymentFailed),
    holdLapsed: Boolean(back.holdLapsed),
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
