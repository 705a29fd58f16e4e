import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

// The forms validate with the Zod schemas the server validates with (src/shared/*.schema.ts), so a
// limit or a pattern is written once. This hook is the few lines the forms need around a schema:
// the values, the first message of each field that failed, and a submitting state. It was chosen
// over react-hook-form, which would have put the home page's first load past its budget (decision
// 0007).

/** Every field of these forms is text (a number or a choice too, as the browser gives it). */
export type FormValues = Record<string, string>;
/** The first message of each field that failed; `form` holds one about the whole form (a refinement). */
export type FieldErrors<V extends FormValues> = Partial<Record<(keyof V & string) | 'form', string>>;

/** The schema, or a loader for it: a public page imports Zod only when the form is first used. */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

interface SubmitHandlers<V extends FormValues, S extends z.ZodType> {
  /** The schema's output (trimmed, coerced, defaulted), ready to send. */
  onValid: (data: z.output<S>) => Promise<void> | void;
  /** The fields that failed, each with the schema's message (or the form's, see `blank`). */
  onInvalid?: (errors: FieldErrors<V>) => void;
  /** The schema could not be loaded, or onValid threw. */
  onError?: (error: unknown) => void;
}

export function useSchemaForm<V extends FormValues, S extends z.ZodType>({
  initial,
  schema,
  input = (values) => values,
  blank = {},
}: {
  initial: V;
  schema: SchemaSource<S>;
  /** What the schema checks, made from the values (fixed fields, defaults); the values by default. */
  input?: (values: V) => unknown;
  /** The form's own words for a field left empty, where the specification (docs/specification.md §5) words them differently from the schema. */
  blank?: Partial<Record<keyof V & string, string>>;
}) {
  const [values, setValues] = useState<V>(initial);
  const initialValues = useRef(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const loaded = useRef<Promise<S> | null>(null);
  const ids = useId();

  const loadSchema = (): Promise<S> => {
    if (typeof schema !== 'function') return Promise.resolve(schema);
    loaded.current ??= schema().catch((error: unknown) => {
      loaded.current = null;
      throw error;
    });
    return loaded.current;
  };

  const setValue = (name: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field's message goes as soon as it is changed; the next submit checks it again.
    setErrors((e) => (e[name] === undefined ? e : { ...e, [name]: undefined }));
  };

  /** value, onChange and name for an input, select or textarea. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value),
  });

  /** field() with the field's own id and message: all a field component (TextField...) needs. */
  const control = (name: keyof V & string) => ({ id: `${ids}-${name}`, ...field(name), error: errors[name] });

  /** control() for a field component that gives its new value rather than an event (an upload). */
  const valueControl = (name: keyof V & string) => ({
    id: `${ids}-${name}`,
    value: values[name],
    onChange: (value: string) => setValue(name, value),
    error: errors[name],
  });

  /** Back to the initial values, or to the ones given (a record opened for editing). */
  const reset = useCallback((next: V = initialValues.current) => {
    setValues(next);
    setErrors({});
  }, []);

  const check = (parser: S, current: V): { data: z.output<S> } | { errors: FieldErrors<V> } => {
    const result = parser.safeParse(input(current));
    if (result.success) return { data: result.data };
    const found: FieldErrors<V> = {};
    for (const issue of result.error.issues) {
      const name = (issue.path.length > 0 ? String(issue.path[0]) : 'form') as keyof FieldErrors<V>;
      if (found[name] !== undefined) continue;
      const value = current[name];
      const empty = typeof value === 'string' && value.trim() === '';
      found[name] = (empty && blank[name as keyof V & string]) || issue.message;
    }
    return { errors: found };
  };

  const submit =
    ({ onValid, onInvalid, onError }: SubmitHandlers<V, S>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      setSubmitting(true);
      try {
        const outcome = check(await loadSchema(), values);
        if ('errors' in outcome) {
          setErrors(outcome.errors);
          onInvalid?.(outcome.errors);
          return;
        }
        setErrors({});
        await onValid(outcome.data);
      } catch (error) {
        if (!onError) throw error;
        onError(error);
      } finally {
        setSubmitting(false);
      }
    };

  /** Starts loading a lazy schema (on the form's first focus), so the first submit need not wait. */
  const prepare = () => {
    void loadSchema().catch(() => undefined);
  };

  return {
    values,
    errors,
    setErrors,
    submitting,
    setValue,
    field,
    control,
    valueControl,
    reset,
    submit,
    prepare,
  };
}
