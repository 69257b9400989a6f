import type { ContractForm, FieldProps } from './use-contract-form';

// A field of an item in a list of the form's values (the additional drivers, the damages): the form hook writes one
// level down (`licence.birthDate`), so an item's field is read and checked at its full path (`additionalDrivers.0.
// birthDate`: where the contract's schema and the server place its errors) and written by replacing the list.

export function listItemField<Values extends object, Item extends object>(
  form: ContractForm<Values>,
  list: keyof Values & string,
  index: number,
  key: keyof Item & string,
  label: string,
): FieldProps<string> {
  const path = `${list}.${index}.${key}`;
  // The label names the field in 'Please fill in the field: …'; the path is not one the hook's types know.
  const props = form.field(path as never, label) as unknown as FieldProps<string>;
  return {
    ...props,
    value: String(props.value ?? ''),
    onChange: (value) => {
      const items = (form.values[list] as readonly Item[]).map((item, at) =>
        at === index ? { ...item, [key]: value } : item,
      );
      form.setValue(list as never, items as never);
      void form.setServerError(path, null);
    },
  };
}
