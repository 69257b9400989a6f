// @vitest-environment node
import { SearchCarsBodySchema } from '@roam/contract/cars.schema';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, readCriteria, readFilters, readPage, toSearchBody, toSearchParams } from './search-params';

const criteria = {
  pickupLocationId: '2aea9792-ac7a-4d73-b939-94dd42348953',
  dropoffLocationId: '7584d899-2a88-4f0c-b2b4-1500d714ea65',
  pickupAt: '2027-03-10T09:00:00.000Z',
  dropoffAt: '2027-03-13T09:00:00.000Z',
};

describe('search address', () => {
  it('round-trips every criterion, filter and the page', () => {
    const filters = {
      ...NO_FILTERS,
      suppliers: ['ddc247bb-c701-4494-887f-926011f73cce'],
      ranges: ['mini' as const, 'maxi' as const],
      minRating: 4,
      seats: '5+' as const,
      specs: ['aircon' as const],
      multimedia: ['bluetooth' as const],
      fuelTypes: ['diesel' as const],
      gearboxes: ['automatic' as const],
      mileage: ['unlimited' as const],
      fuelPolicies: ['FullToEmpty' as const],
      deposit: 500,
      sort: 'rating' as const,
    };
    const params = new URLSearchParams(toSearchParams(criteria, filters, 3).toString());
    expect(readCriteria(params)).toEqual(criteria);
    expect(readFilters(params)).toEqual(filters);
    expect(readPage(params)).toBe(3);
  });

  it('drops unknown values instead of sending them', () => {
    const params = new URLSearchParams(
      'ranges=mini,rocket&minRating=9&seats=7&deposit=300&sort=cheap&suppliers=nope&page=-2&pickupAt=yesterday',
    );
    expect(readFilters(params)).toEqual({ ...NO_FILTERS, ranges: ['mini'] });
    expect(readPage(params)).toBe(1);
    expect(readCriteria(params)).toBeNull();
  });

  it('reads a search only where the API takes its instants: a link without an offset is no search', () => {
    const instants = [
      '2027-03-10T09:00:00.000Z',
      '2027-03-10T09:00:00Z',
      '2027-03-10T10:00:00+01:00',
      '2027-03-10T09:00:00.1234567Z',
      '2027-03-10T09:00',
      '2027-03-10T09:00Z',
      '2027-03-10T09:00:00+0100',
      '2027-03-10T09:00:00+01',
      '2027-03-10t09:00:00Z',
      '2027-03-10 09:00:00Z',
      '2027-03-10T25:00:00Z',
      '2027-02-30T09:00:00Z',
      '2027-03-13T09:00:00.000Z', // the drop-off itself
      '2027-03-14T09:00:00.000Z', // after the drop-off
    ];
    for (const pickupAt of instants) {
      const search = { ...criteria, pickupAt };
      const taken = SearchCarsBodySchema.safeParse(search).success;
      expect(readCriteria(new URLSearchParams(search)) !== null, pickupAt).toBe(taken);
    }
    expect(readCriteria(new URLSearchParams({ ...criteria, pickupAt: '2027-03-10T09:00' }))).toBeNull();
    expect(readCriteria(new URLSearchParams(criteria))).toEqual(criteria);
  });

  it('sends the deposit threshold to the API in EUR minor units, and only the set filters', () => {
    const body = toSearchBody(criteria, { ...NO_FILTERS, deposit: 250 });
    expect(body).toMatchObject({ ...criteria, maxDeposit: 25000, sort: 'priceAsc' });
    expect(body).not.toHaveProperty('minRating');
    expect(body).not.toHaveProperty('seats');
  });
});
