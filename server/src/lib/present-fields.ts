/**
 * The fields an update carries. A key whose value is `undefined` was not sent and is left as it is; `null` is sent
 * and clears (docs/architecture.md §5 "An update call changes only the fields it carries"). Every
 * repository update goes through it, so a caller cannot erase a column by passing an object with a missing field.
 */
export function presentFields<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
