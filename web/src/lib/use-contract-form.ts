import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithStrings } from '#web/i18n/index';
import { type ApiErrorCode, isApiError } from './api-client';

// The one way every form works (docs/house-style.md "one form library"): the contract's zod schema is the single
// source of the rules, the server's `fieldErrors` land on the same fields, the ui/form-field.tsx components show
// label, hint and error. zod (~23 KB gzip) and the translated messages (form-messages.ts) are loaded when the form is
// first focused, never with the screen (docs/architecture.md §7); a submit waits for them only if the user got there first.

/** What the hook needs of a zod schema; the type alone, so that zod stays out of the screen's code. */
export interface ContractSchema<Output> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

// An array is one field too (the places a car serves), its items shown by the form.
type Leaf = string | number | boolean | Blob | null | undefined | readonly unknown[];
/** A field's name: a key of the values, or `group.key` one level down (the checkout's `driver.email`). */
export type FieldPath<Values> = {
  [Key in keyof Values & string]: Values[Key] extends Leaf
    ? Key
    : Values[Key] extends object
      ? `${Key}.${keyof Values[Key] & string}`
      : Key;
}[keyof Values & string];
export type FieldValue<Values, Path extends string> = Path extends `${infer Group}.${infer Key}`
  ? Group extends keyof Values
    ? Key extends keyof Values[Group]
      ? Values[Group][Key]
      : never
    : never
  : Path extends keyof Values
    ? Values[Path]
    : never;

/** The props every ui/form-field.tsx field takes from the form. */
export interface FieldProps<Value> {
  name: string;
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  /** Translated, once a submit (or the server, or leaving the field) found the value wrong. */
  error: string | undefined;
}

export interface ContractFormOptions<Values extends object, Output> {
  initialValues: Values;
  /** The form's contract schema, imported dynamically: `() => import('@roam/contract/auth').then((m) => m.X)`. */
  schema: () => Promise<ContractSchema<Output>>;
  /** The schema's input when it is not the values themselves (a language added, an empty date read as none). */
  input?: (values: Values) => unknown;
  /** Sends what the schema gave. An ApiError it throws is shown: field errors at their fields, others by onError. */
  onSubmit: (data: Output, values: Values) => Promise<unknown> | unknown;
  /** A refusal that is no field's: the translated message to show above the form, or null once handled (a toast). */
  onError?: (error: unknown) => string | null;
  /** Where the form-level message goes instead of above the form (the long checkout form: a toast). */
  announce?: (message: string) => void;
  /** Server field names shown on another field (the booking editor's `pickupAt` on its pick-up date). */
  serverFields?: Readonly<Record<string, string>>;
}

export interface ContractForm<Values extends object> {
  values: Values;
  setValue<Path extends FieldPath<Values>>(name: Path, value: FieldValue<Values, Path>): void;
  /** The props of the field `name`, labelled `label` (the label also names it in 'Please fill in the field: …'). */
  field<Path extends FieldPath<Values>>(name: Path, label: string): FieldProps<FieldValue<Values, Path>>;
  /** The translated error of a name that is not an input (checkout's dates); its element carries data-form-error. */
  errorOf(name: string): string | undefined;
  /** The code of the server's refusal shown at a field, to tell one from another (an address already taken). */
  serverCode(name: string): ApiErrorCode | undefined;
  /**
   * Shows at `name` a refusal met outside a submit (the server's answer while leaving a field, or the spec's words
   * for a failure of the browser's own, e.g. reCAPTCHA); null clears it.
   */
  setServerError(name: string, refusal: unknown): Promise<void>;
  /** Checks one field with the schema as it is left; resolves true when it passes. */
  validateField(name: FieldPath<Values>): Promise<boolean>;
  /** The form-level message: what a refused submit says, or the screen's message for another refusal. */
  message: string | null;
  pending: boolean;
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
  };
  reset(values?: Values): void;
}

type FormMessages = typeof import('./form-messages');
type Problem = { message: string; missing: boolean };
/** A refusal of the server's at a field: its words (the spec's English) and its code. */
type Refusal = { message: string; code?: ApiErrorCode };
type Summary = { missing: readonly string[] } | { text: string };

let messages: FormMessages | null = null;
const loadMessages = () =>
  importWithStrings('lib/form-messages', () => import('./form-messages')).then((module) => {
    messages = module;
    return module;
  });

const isEmpty = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

function readPath(values: object, name: string): unknown {
  return name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);
}

function writePath<Values extends object>(values: Values, name: string, value: unknown): Values {
  const [group, key] = name.split('.');
  if (!group) return values;
  if (key === undefined) return { ...values, [group]: value };
  return { ...values, [group]: { ...(values as Record<string, object>)[group], [key]: value } };
}

function without<T>(record: Readonly<Record<string, T>>, name: string): Record<string, T> {
  if (!(name in record)) return record;
  const { [name]: _, ...rest } = record;
  return rest;
}

function check<Output>(schema: ContractSchema<Output>, input: unknown, values: object) {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data, problems: {} as Record<string, Problem> };
  const problems: Record<string, Problem> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.');
    if (name && !problems[name]) problems[name] = { message: issue.message, missing: isEmpty(readPath(values, name)) };
  }
  return { problems };
}

export function useContractForm<Values extends object, Output>(
  options: ContractFormOptions<Values, Output>,
): ContractForm<Values> {
  const { t } = useTranslation();
  const latest = useRef(options);
  latest.current = options;
  const [values, setValues] = useState(options.initialValues);
  const valuesRef = useRef(values);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [serverProblems, setServerProblems] = useState<Record<string, Refusal>>({});
  const [summary, setSummary] = useState<Summary | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const labels = useRef(new Map<string, string>());
  const known = useRef(new Set<string>());
  /** A submit was refused: from now on every change is checked again. */
  const attempted = useRef(false);
  const focusFirstError = useRef(false);
  const checks = useRef(0);
  const prefetched = useRef(false);
  const submitting = useRef(false);

  useEffect(() => {
    if (!focusFirstError.current) return;
    // A render committed before the refusal's (a lazy section arriving meanwhile) has no error to show yet: the wish
    // waits for the render that has one.
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
    if (!first) return;
    focusFirstError.current = false;
    first.focus();
  });

  const input = (current: Values) => (latest.current.input ? latest.current.input(current) : current);
  const prepare = async () => (await Promise.all([latest.current.schema(), loadMessages()]))[0];
  const labelOf = (name: string) => labels.current.get(name) ?? name;

  const show = (next: Summary) => {
    const { announce } = latest.current;
    if (!announce || !messages) return setSummary(next);
    setSummary(null);
    announce('text' in next ? next.text : messages.summaryMessage(t, next.missing.map(labelOf)));
  };

  const refuse = (error: unknown) => {
    // Any refusal that names fields (a validation failure, an address already taken, a wrong password) is shown on
    // them; one that names none of this form's fields is the screen's to word (onError).
    if (isApiError(error)) {
      const placed: Record<string, Refusal> = {};
      for (const [key, [message] = []] of Object.entries(error.fieldErrors)) {
        const name = latest.current.serverFields?.[key] ?? key;
        if (message && known.current.has(name)) placed[name] ??= { message, code: error.code };
      }
      if (Object.keys(placed).length > 0) {
        setServerProblems(placed);
        focusFirstError.current = true;
        return show({ missing: [] });
      }
    }
    const { onError } = latest.current;
    if (!onError) throw error;
    const text = onError(error);
    if (text) show({ text });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One submit at a time, also for a double press that comes before the button shows it is busy.
    if (submitting.current) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  };

  const send = async () => {
    const schema = await prepare();
    const current = valuesRef.current;
    const { data, problems: found } = check(schema, input(current), current);
    attempted.current = true;
    setServerProblems({});
    setProblems(found);
    if (data === undefined) {
      focusFirstError.current = true;
      return show({ missing: Object.keys(found).filter((name) => found[name]?.missing) });
    }
    setSummary(null);
    setPending(true);
    try {
      await latest.current.onSubmit(data, current);
      attempted.current = false;
    } catch (error) {
      refuse(error);
    } finally {
      setPending(false);
    }
  };

  const recheck = async (current: Values) => {
    const run = ++checks.current;
    const schema = await latest.current.schema();
    if (run !== checks.current) return;
    const { problems: found } = check(schema, input(current), current);
    setProblems(found);
    if (Object.keys(found).length === 0) setSummary(null);
  };

  const setValue: ContractForm<Values>['setValue'] = (name, value) => {
    const next = writePath(valuesRef.current, name, value);
    valuesRef.current = next;
    setValues(next);
    setServerProblems((current) => without(current, name));
    if (attempted.current) void recheck(next);
    // Before any submit, a message shown on leaving the field goes while it is edited; leaving checks it again.
    else setProblems((current) => without(current, name));
  };

  const errorOf = (name: string): string | undefined => {
    known.current.add(name);
    const server = serverProblems[name];
    const problem = problems[name];
    if (!messages) return undefined;
    if (server) return messages.translateMessage(t, server.message);
    if (!problem) return undefined;
    return problem.missing ? messages.requiredMessage(t, labelOf(name)) : messages.translateMessage(t, problem.message);
  };

  let message: string | null = null;
  if (summary && 'text' in summary) message = summary.text;
  else if (summary && messages) message = messages.summaryMessage(t, summary.missing.map(labelOf));

  return {
    values,
    setValue,
    field(name, label) {
      labels.current.set(name, label);
      return {
        name,
        label,
        value: readPath(values, name) as FieldValue<Values, typeof name>,
        onChange: (value) => setValue(name, value),
        error: errorOf(name),
      };
    },
    errorOf,
    serverCode: (name) => serverProblems[name]?.code,
    async setServerError(name, refusal) {
      known.current.add(name);
      await loadMessages();
      const shown: Refusal | null = isApiError(refusal)
        ? { message: Object.values(refusal.fieldErrors)[0]?.[0] ?? refusal.message, code: refusal.code }
        : typeof refusal === 'string'
          ? { message: refusal }
          : null;
      setServerProblems((current) => (shown ? { ...current, [name]: shown } : without(current, name)));
    },
    async validateField(name) {
      const schema = await prepare();
      const { problems: found } = check(schema, input(valuesRef.current), valuesRef.current);
      const problem = found[name];
      setProblems((current) => {
        const next = { ...without(current, name) };
        // An empty field is only said to be missing once a submit was refused.
        if (problem && (!problem.missing || attempted.current)) next[name] = problem;
        return next;
      });
      return problem === undefined;
    },
    message,
    pending,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event) => void submit(event),
      // The schema and the messages download while the user types, so that the submit does not wait for them.
      onFocus: () => {
        if (prefetched.current) return;
        prefetched.current = true;
        prepare().catch(() => {
          prefetched.current = false;
        });
      },
    },
    reset(next = latest.current.initialValues) {
      valuesRef.current = next;
      setValues(next);
      setProblems({});
      setServerProblems({});
      setSummary(null);
      attempted.current = false;
    },
  };
}
