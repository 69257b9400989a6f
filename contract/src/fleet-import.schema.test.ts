import { describe, expect, it } from 'vitest';
import { CreateCarBodySchema } from './fleet.schema.ts';
import { CAR_CSV_COLUMNS } from './fleet-import.ts';

describe('the fleet CSV columns', () => {
  it('are every field a car is created with but the supplier, in its order', () => {
    const fields = Object.keys(CreateCarBodySchema.shape).filter((field) => field !== 'supplierId');
    expect([...CAR_CSV_COLUMNS]).toEqual(fields);
  });
});
