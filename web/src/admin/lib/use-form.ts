import { errorMap, validate } from '@hs/domain';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import type * as v from 'valibot';

type AnySchema = v.GenericSchema<unknown, unknown>;
type Values = Record<string, unknown>;

/**
 * Form state checked by a @hs/domain schema (spec section 5 messages): a field is checked when it
 * loses focus, and again as it changes once it shows an error; submit checks everything, shows each
 * message next to its field and focuses the first invalid field (in the form's DOM order).
 */
export function useForm<T extends Values, S extends AnySchema>(schema: S, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const check = useCallback(
    (vals: T) => {
      const result = validate(schema, vals);
      return result.ok ? {} : errorMap(result.errors);
    },
    [schema],
  );

  const setValue = useCallback(
    <K extends keyof T & string>(name: K, value: T[K]) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      setErrors((prev) => {
        if (!(name in prev)) return prev;
        const fresh = check(next);
        const copy = { ...prev };
        if (fresh[name]) copy[name] = fresh[name];
        else delete copy[name];
        return copy;
      });
    },
    [check],
  );

  const blur = useCallback(
    (name: string) => {
      const fresh = check(valuesRef.current);
      setErrors((prev) => {
        const copy = { ...prev };
        if (fresh[name]) copy[name] = fresh[name];
        else delete copy[name];
        return copy;
      });
    },
    [check],
  );

  const focusFirstInvalid = useCallback((fields: Record<string, string>) => {
    const form = formRef.current;
    if (!form) return;
    const candidates = form.querySelectorAll<HTMLElement>('[name]');
    for (const el of candidates) {
      const name = el.getAttribute('name');
      if (name && fields[name]) {
        el.focus();
        return;
      }
    }
  }, []);

  /** Wraps a submit handler: it runs with the schema's output only when everything is valid. */
  const handleSubmit =
    (onValid: (output: v.InferOutput<S>) => void | Promise<void>) => (event?: FormEvent) => {
      event?.preventDefault();
      const result = validate(schema, valuesRef.current);
      if (!result.ok) {
        const map = errorMap(result.errors);
        setErrors(map);
        focusFirstInvalid(map);
        return;
      }
      setErrors({});
      return onValid(result.value as v.InferOutput<S>);
    };

  /** Props for a text input bound to `name`. */
  const text = (name: keyof T & string) => ({
    name,
    value: values[name] == null ? '' : String(values[name]),
    onChange: (e: { target: { value: string } }) => setValue(name, e.target.value as T[typeof name]),
    onBlur: () => blur(name),
  });

  /** Props for a `Field.TextField` bound to `name`: its text binding and its error. */
  const field = (name: keyof T & string) => ({ ...text(name), error: errors[name] });

  const reset = useCallback((next: T) => {
    valuesRef.current = next;
    setValues(next);
    setErrors({});
  }, []);

  return {
    values,
    errors,
    setValue,
    setErrors,
    blur,
    text,
    field,
    handleSubmit,
    formRef,
    reset,
    focusFirstInvalid,
  };
}
