import { BASE_CURRENCY } from '@roam/contract/currencies';
import type { ReactNode } from 'react';
import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from '#web/ui/form-field';

/** An amount typed in major units of the base currency (EUR): "12,50" or "12.50"; sent in minor units. */
export function MoneyField({
  field,
  description,
  className,
  after,
}: {
  field: FieldProps<string>;
  description?: ReactNode;
  className?: string;
  /** Beside the currency (an extra's customer price). */
  after?: ReactNode;
}) {
  return (
    <TextField
      {...field}
      className={className}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      inputClassName="op-money"
      aside={
        <>
          <span className="op-unit">{BASE_CURRENCY}</span>
          {after}
        </>
      }
    />
  );
}
