import type { Supplier } from '@roam/contract/suppliers';
import type { AppContext } from '#server/context.ts';
import * as repository from './suppliers.repository.ts';

/** Every supplier with its logo URL and number of cars. */
export function listSuppliers(ctx: AppContext): Promise<Supplier[]> {
  return repository.listSuppliers(ctx.db);
}
