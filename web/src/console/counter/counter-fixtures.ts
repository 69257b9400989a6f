import type { CounterBooking } from '@roam/contract/counter';
import { vi } from 'vitest';

// The web tests' demo data (web/src/test-fixtures.ts: the Paris airport, the Clio, its driver and the supplier that
// console/test-utils.tsx signs in), restated: an area's module may import neither.
const PARIS = {
  _id: '9a2b9a1e-5a1d-4a63-9a7e-0c9d7d4b2a11',
  name: 'Paris Charles de Gaulle Airport',
  timeZone: 'Europe/Paris',
};
const SUPPLIER = { _id: '7d6c5b4a-3f2e-4d1c-8b0a-9e8f7a6b5c4d', fullName: 'Azur Coast Rentals' };
const CLIO = { _id: '3f1e2d4c-5b6a-4789-9abc-def012345678', name: 'Renault Clio' };
const DRIVER = {
  _id: '6f1c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11',
  fullName: 'Camille Martin',
  email: 'driver@roam.localhost',
  phone: '+33 6 11 22 33 44',
};

// The counter's screens' tests share: a booking as `GET /api/counter-booking/{id}` answers it, and a stand-in for the
// browser's XMLHttpRequest (the photos' upload, api/counter-photo.ts) answering as the server does.

export const BOOKING_ID = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
export const PHOTO_ID = '8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b';

/** A booking paid online, picked up today at noon in Paris for three days; check-out open, nothing recorded yet. */
export const counterBooking = (overrides: Partial<CounterBooking> = {}): CounterBooking => ({
  _id: BOOKING_ID,
  reference: 'K7RD2QXM',
  status: 'paid',
  paymentOption: 'full',
  driver: {
    _id: DRIVER._id,
    name: DRIVER.fullName,
    email: DRIVER.email,
    phone: DRIVER.phone,
    birthDate: '1990-01-01',
    language: 'fr',
    licenseImage: null,
  },
  car: {
    _id: CLIO._id,
    name: CLIO.name,
    licensePlate: 'AB-123-CD',
    range: 'mini',
    body: 'car',
    fuelType: 'gasoline',
    fuelPolicy: 'likeForlike',
    mileage: 200,
    minimumAge: 21,
    tankLitres: 50,
    odometer: 18234,
    image: null,
  },
  swappedFrom: null,
  supplier: { _id: SUPPLIER._id, name: SUPPLIER.fullName },
  pickupLocation: { _id: PARIS._id, name: PARIS.name, address: null, timeZone: PARIS.timeZone },
  dropoffLocation: { _id: PARIS._id, name: PARIS.name, address: null, timeZone: PARIS.timeZone },
  pickupAt: '2030-06-01T10:00:00.000Z',
  dropoffAt: '2030-06-04T10:00:00.000Z',
  days: 3,
  amounts: {
    currency: 'EUR',
    total: 12000,
    payNow: 12000,
    payAtPickup: 0,
    securityDeposit: 50000,
    securityDepositTaken: 'atPickup',
    securityDepositOn: 'card',
    held: 0,
    due: 0,
  },
  extras: [],
  checkedInAt: null,
  knownDrivers: [],
  checkOutOpensAt: '2030-05-31T22:00:00.000Z',
  noShowFrom: '2030-06-01T12:00:00.000Z',
  overdue: false,
  checkOut: null,
  return: null,
  damages: [],
  charges: [],
  documents: [],
  checklist: [
    { id: 'documents', label: 'Registration papers' },
    { id: 'keys', label: 'Two keys' },
  ],
  balance: null,
  timeline: [{ step: 'booked', at: '2030-01-10T09:00:00.000Z', by: null }],
  savedCard: false,
  actions: ['checkOut'],
  ...overrides,
});

/**
 * XMLHttpRequest as the browser's, for the photo uploads: each send reports half its bytes gone, then answers
 * `answer()` (201 and the stored photo by default). Returns the forms sent.
 */
export function serveUploads(
  answer: () => { status: number; body: unknown } = () => ({
    status: 201,
    body: {
      _id: PHOTO_ID,
      url: `/api/booking-file/${BOOKING_ID}/${PHOTO_ID}`,
      width: 1600,
      height: 1200,
      size: 180_000,
    },
  }),
) {
  const sent: { url: string; form: FormData }[] = [];
  class UploadRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        const { status, body } = answer();
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadRequest);
  return sent;
}
