import type { CarDetails } from '@roam/contract/cars';
import type { CheckoutBody, CheckoutResult, GuestDriverBody } from '@roam/contract/checkout';
import { PAYMENT_OPTIONS, type PaymentOption } from '@roam/contract/enum-values';
import { type ChosenExtras, calculatePrice, type PriceBreakdown } from '@roam/contract/price';
import type { User } from '@roam/contract/users';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n';
import { api, isApiError } from '../../../lib/api-client';
import type { SearchCriteria } from '../../../lib/search-params';
import { useSettings } from '../../../lib/settings';
import { useContractForm } from '../../../lib/use-contract-form';
import { useMoney } from '../../../lib/use-money';
import { toast } from '../../../ui/toast';
import { validateEmail } from '../../auth/api/sign-up';
import { hereHref } from './here-href';

// The checkout form's state, rules and submit (spec §2, §5; issue #20): the driver fields through the one form hook
// and the contract's checkout schema, the options and the price beside them, then the booking call and what its
// answer leads to (the result screen, the card provider, or the pay step).

export type Person = { fullName: string; email: string; phone: string; birthDate: string };
export type CheckoutValues = {
  driver: Person & { acceptTerms: boolean };
  additionalDriver: Person;
  licence: File | null;
};

const NO_ONE: Person = { fullName: '', email: '', phone: '', birthDate: '' };

/** The pay step shows only once the booking is made: its code downloads while the booking is sent. */
export const loadPayStep = () => import('../components/pay-step');

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
}) {
  const { car, criteria, user, timeZone } = input;
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const minimumAge = Math.max(settings.minDriverAge, car.minimumAge);
  // Online options need a gateway: none in production without a card provider or the wallet (settings.payment).
  const online = settings.payment.card !== null || settings.payment.wallet;
  const options = PAYMENT_OPTIONS.filter((o) => (o === 'payLater' ? car.supplier.payLater : online));

  const [extras, setExtras] = useState<ChosenExtras>({});
  const [option, setOption] = useState<PaymentOption>(car.supplier.payLater ? 'payLater' : 'full');
  const [carTaken, setCarTaken] = useState(false);
  const [licenceFailed, setLicenceFailed] = useState(false);
  /** The booking made, waiting for its online payment (the pay step). */
  const [awaitingPayment, setAwaitingPayment] = useState<CheckoutResult | null>(null);

  const price: PriceBreakdown | null = useMemo(() => {
    try {
      const period = { pickupAt: new Date(criteria.pickupAt), dropoffAt: new Date(criteria.dropoffAt) };
      return calculatePrice({ car, priceChangeRate: car.supplier.priceChangeRate, ...period, timeZone, extras });
    } catch {
      return null;
    }
  }, [car, criteria, timeZone, extras]);

  const form = useContractForm({
    initialValues: {
      driver: { ...NO_ONE, birthDate: user?.birthDate ?? '', acceptTerms: false },
      additionalDriver: NO_ONE,
      licence: null,
    } as CheckoutValues,
    schema: () =>
      import('@roam/contract/checkout').then((contract) =>
        contract.checkoutFormSchema({
          minimumAge,
          pickupAt: criteria.pickupAt,
          timeZone,
          guest: !user,
          additionalDriver: Boolean(extras.additionalDriver),
          licenceRequired: car.supplier.licenseRequired,
        }),
      ),
    // A long form: what a refused Book says is a toast, where the user is, not at the top of the page.
    announce: (message) => toast.error(message),
    onSubmit: async (data) => {
      setCarTaken(false);
      // Failures are not reported here: rendering the pay step imports again and reports its own error.
      if (option !== 'payLater') loadPayStep().catch(() => {});
      let licenseFileId: string | undefined;
      try {
        if (car.supplier.licenseRequired && data.licence instanceof Blob)
          licenseFileId = await uploadLicence(data.licence);
      } catch {
        return setLicenceFailed(true);
      }
      const body: CheckoutBody = {
        carId: car._id,
        ...criteria,
        extras,
        paymentOption: option,
        currency: money.currency as CheckoutBody['currency'],
        ...(extras.additionalDriver ? { additionalDriver: data.additionalDriver as Person } : {}),
        ...(user ? {} : { driver: { ...(data.driver as GuestDriverBody), language } }),
        ...(licenseFileId ? { licenseFileId } : {}),
      };
      const result = await api.post<CheckoutResult>('/api/checkout', body);
      if (!result.payment && !(option !== 'payLater' && result.walletEnabled)) {
        await navigate(`/checkout-session/${result.bookingId}`, {
          state: { outcome: 'booked', accountCreated: result.accountCreated },
        });
      } else if (result.payment?.provider === 'stripe' && !result.walletEnabled) {
        window.location.assign(result.payment.url);
      } else {
        setAwaitingPayment(result);
      }
    },
    // Field errors (a registered address, an age, the server's date messages) are shown where they belong.
    onError: (error) => {
      if (isApiError(error) && error.code === 'CAR_UNAVAILABLE') setCarTaken(true);
      else toast.error(t('checkout.errors.generic'));
      return null;
    },
  });

  // Spec §7 validate-email: a guest learns on leaving the field that the address has an account, with a way to sign
  // in and come back here. Only the latest address's answer counts; the message (and its sign-in link) stays until
  // then, as a click on that link leaves this field first.
  const blurredEmail = useRef('');
  const checkEmail = async () => {
    const email = form.values.driver.email.trim();
    blurredEmail.current = email;
    if (!email || !(await form.validateField('driver.email'))) return;
    try {
      await validateEmail(email);
      if (blurredEmail.current === email) await form.setServerError('driver.email', null);
    } catch (error) {
      // Anything but "taken" (rate limit, network) is left to the submit, which checks again.
      if (isApiError(error) && error.code === 'EMAIL_TAKEN' && blurredEmail.current === email)
        await form.setServerError('driver.email', error);
    }
  };

  return {
    form,
    minimumAge,
    options,
    option,
    setOption,
    extras,
    setExtras,
    price,
    carTaken,
    checkEmail,
    /** Signing in comes back to this checkout. */
    signInHref: hereHref(location),
    /** The guest's address has an account: the error offers to sign in. */
    emailTaken: form.serverCode('driver.email') === 'EMAIL_TAKEN',
    licenceFailed,
    setLicence: (file: File | null) => {
      setLicenceFailed(false);
      form.setValue('licence', file);
    },
    awaitingPayment,
    onPaid: () => {
      if (!awaitingPayment) return;
      void navigate(`/checkout-session/${awaitingPayment.bookingId}`, {
        state: { outcome: 'paid', accountCreated: awaitingPayment.accountCreated },
      });
    },
    onFailed: (code: string) => {
      if (code === 'CAR_UNAVAILABLE') {
        setAwaitingPayment(null);
        setCarTaken(true);
        return;
      }
      toast.error(t('checkout.paymentFailed'));
      // A declined payment releases the car: the booking must be made again.
      if (code === 'PAYMENT_FAILED') setAwaitingPayment(null);
    },
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
