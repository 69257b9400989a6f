import type { CarDetails } from '@roam/contract/cars';
import type { CheckoutBody, CheckoutResult } from '@roam/contract/checkout';
import type { Language, PaymentOption } from '@roam/contract/enums';
import type { ChosenExtras } from '@roam/contract/price';
import { rentalPeriodIssueOf } from '@roam/contract/rental-period-messages';
import { ageOn } from '@roam/contract/time';
import type { User } from '@roam/contract/users';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { api, isApiError } from '../../../lib/api-client';
import type { SearchCriteria } from '../../../lib/search-params';
import { toast } from '../../../ui/toast';
import { isEmail, isPhone } from './format';

// What checkout does when Book is pressed: the form's checks, the licence upload, the booking call and the reading of
// its refusals. Its own chunk, fetched with the press of the button, so that the form's code stays within the
// page's budget (ARCHITECTURE §7); with its strings (areas.json: the spec §5 date messages are the search form's).

export type Person = { fullName: string; email: string; phone: string; birthDate: string };
export type Errors = Record<string, ReactNode>;
export type Placed = { result: CheckoutResult } | { errors: Errors } | { carTaken: true } | null;

export type BookingForm = {
  car: CarDetails;
  criteria: SearchCriteria;
  user: User | null;
  driver: Person;
  acceptTerms: boolean;
  additional: Person;
  extras: ChosenExtras;
  option: PaymentOption;
  currency: CheckoutBody['currency'];
  language: Language;
  /** Uploaded first when the supplier asks for a driver's licence. */
  licence: File | null;
  minimumAge: number;
  /** The pick-up place's: ages are counted on its calendar. */
  timeZone: string;
  emailTaken: ReactNode;
  t: TFunction;
};

function check(form: BookingForm): Errors {
  const { t, minimumAge } = form;
  const pickupAt = new Date(form.criteria.pickupAt);
  const found: Errors = {};
  const checkPerson = (person: Person, prefix: string) => {
    for (const field of ['fullName', 'email', 'phone', 'birthDate'] as const) {
      if (!person[field].trim()) {
        found[`${prefix}.${field}`] = t('checkout.errors.required', { field: t(`checkout.driver.${field}`) });
      }
    }
    if (person.email.trim() && !isEmail(person.email)) found[`${prefix}.email`] = t('checkout.errors.email');
    if (person.phone.trim() && !isPhone(person.phone)) found[`${prefix}.phone`] = t('checkout.errors.phone');
    if (person.birthDate && !(ageOn(person.birthDate, pickupAt, form.timeZone) >= minimumAge)) {
      found[`${prefix}.birthDate`] = t('checkout.errors.age', { age: minimumAge });
    }
  };
  if (!form.user) {
    checkPerson(form.driver, 'driver');
    if (!form.acceptTerms) found['driver.acceptTerms'] = t('checkout.errors.terms');
  } else if (form.user.birthDate && ageOn(form.user.birthDate, pickupAt, form.timeZone) < minimumAge) {
    found['driver.birthDate'] = t('checkout.errors.age', { age: minimumAge });
  }
  if (form.extras.additionalDriver) checkPerson(form.additional, 'additionalDriver');
  if (form.car.supplier.licenseRequired && !form.licence) {
    found.licence = t('checkout.errors.required', { field: t('checkout.licence.label') });
  }
  return found;
}

async function uploadLicence(licence: File): Promise<string | undefined> {
  const data = new FormData();
  data.append('file', licence);
  const answer = await api.post<{ _id?: string; id?: string } | string>('/api/create-license', data);
  return typeof answer === 'string' ? answer : (answer._id ?? answer.id);
}

/** Checks and books; the outcome to show: the result, field errors, the car taken, or null once a toast said it. */
export async function placeBooking(form: BookingForm): Promise<Placed> {
  const { t, car, extras } = form;
  const found = check(form);
  if (Object.keys(found).length > 0) {
    toast.error(t('checkout.errors.fix'));
    return { errors: found };
  }
  let licenseFileId: string | undefined;
  try {
    if (car.supplier.licenseRequired && form.licence) licenseFileId = await uploadLicence(form.licence);
  } catch {
    return { errors: { licence: t('checkout.licence.failed') } };
  }
  const body: CheckoutBody = {
    carId: car._id,
    ...form.criteria,
    extras,
    paymentOption: form.option,
    currency: form.currency,
    ...(extras.additionalDriver ? { additionalDriver: form.additional } : {}),
    ...(form.user ? {} : { driver: { ...form.driver, acceptTerms: true as const, language: form.language } }),
    ...(licenseFileId ? { licenseFileId } : {}),
  };
  try {
    return { result: await api.post<CheckoutResult>('/api/checkout', body) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.code === 'CAR_UNAVAILABLE') return { carTaken: true };
    if (error.code === 'EMAIL_TAKEN') return { errors: { 'driver.email': form.emailTaken } };
    if (error.code !== 'VALIDATION_FAILED') {
      toast.error(t('checkout.errors.generic'));
      return null;
    }
    const errors: Errors = {};
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      // The dates have no field here: the server's spec §5 message, translated, shows by the summary's dates.
      const issue = rentalPeriodIssueOf(messages[0]);
      errors[key] = issue
        ? t(`search.form.errors.${issue}`)
        : key.endsWith('birthDate')
          ? t('checkout.errors.age', { age: form.minimumAge })
          : t('checkout.errors.invalid');
    }
    toast.error(t('checkout.errors.fix'));
    return { errors };
  }
}
