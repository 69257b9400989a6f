import type { ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '#web/ui/form-field';
import { useSuppliers } from '#web/features/suppliers/api/get-suppliers';

/**
 * The admin's choice of a supplier (the cars list's filter, a new car's supplier, the profile and the
 * cancellation requests): every supplier by name, after `empty` (what no choice means there).
 */
export function SupplierSelect({
  empty,
  ...select
}: Omit<ComponentProps<typeof SelectField>, 'children'> & { empty: string }) {
  const suppliers = useSuppliers();
  return (
    <SelectField {...select}>
      <option value="">{empty}</option>
      {(suppliers.data ?? []).map((supplier) => (
        <option key={supplier._id} value={supplier._id}>
          {supplier.fullName}
        </option>
      ))}
    </SelectField>
  );
}

/** The admin's supplier for a whole screen (the profile, the requests), kept in the address: `?supplier=`. */
export function SupplierParam({ label, empty }: { label: string; empty: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <SupplierSelect
      className="op-supplier-choice"
      label={label}
      name="supplier"
      value={params.get('supplier') ?? ''}
      onChange={(supplier) => setParams(supplier ? { supplier } : {})}
      empty={empty}
    />
  );
}
