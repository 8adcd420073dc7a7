import type { ReactNode } from 'react';
import { useTranslation, translateMessage } from '../i18n';
import * as Field from '../components/ui/field';

export interface FormFieldProps extends Omit<Field.InputProps, 'id'> {
  /** Element id of the control (used to focus the first invalid field). */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** Label, input, helper and the spec's message under it; the input gets `id`. */
export function FormField({
  id,
  label,
  error,
  helperText,
  required,
  disabled,
  ...inputProps
}: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} id={id}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Field.Input {...inputProps} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{translateMessage(error)}</Field.ErrorText>
    </Field.Root>
  );
}

/** The required six-digit postal code field ("Postal Code"). */
export function PostalCodeField(props: Omit<FormFieldProps, 'label' | 'required'>) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('person.postalCode')}
      required
      inputMode="numeric"
      maxLength={6}
      autoComplete="postal-code"
      {...props}
    />
  );
}

/** Moves focus to the first field (in `order`) that has an error; ids are `${prefix}${field}`. */
export function focusFirstInvalid(errors: Record<string, string>, order: readonly string[], prefix: string) {
  const first = order.find((f) => errors[f]);
  if (!first) return;
  // after React has rendered the messages
  requestAnimationFrame(() => {
    const el = document.getElementById(`${prefix}${first}`);
    const target =
      el &&
      (el.matches('input, select, textarea, button') ? el : el.querySelector<HTMLElement>('input, button'));
    target?.focus();
  });
}
