import { useCallback, useState } from 'react';

/**
 * A form's values and its messages by field. `set` changes one field and checks it again at once when
 * it shows a message; `check` shows the field's message (on blur); `reset` (stable) starts over with no messages.
 */
export function useFormValues<V extends object>(
  initial: () => V,
  errorsOf: (values: V) => Record<string, string>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    const key = name as string;
    if (errors[key]) setErrors((e) => ({ ...e, [key]: errorsOf(next)[key] ?? '' }));
  };
  const check = (name: keyof V) => {
    const key = name as string;
    setErrors((e) => ({ ...e, [key]: errorsOf(values)[key] ?? '' }));
  };
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  return { values, errors, setErrors, set, check, reset };
}
