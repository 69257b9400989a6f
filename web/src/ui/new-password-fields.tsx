import type { FieldProps } from '#web/lib/use-contract-form';
import { TextField } from './form-field';

/** A new password and its confirmation (spec §5: at least 6 characters; "Passwords don't match."). */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: FieldProps<string>;
  confirmation: FieldProps<string>;
}) {
  return (
    <>
      <TextField {...password} type="password" autoComplete="new-password" required />
      <TextField {...confirmation} type="password" autoComplete="new-password" required />
    </>
  );
}
