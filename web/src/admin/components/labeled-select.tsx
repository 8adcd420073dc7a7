import type { ComponentProps, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import * as Field from '../../components/ui/field';
import { selectLook, selectStyle } from '../../public/select-style';

/** A filter's select: as wide as its options, in small text; else the full width, like the inputs. */
const widths = {
  compact: cx(selectLook, css({ textStyle: 'sm', minW: '40' })),
  full: selectStyle,
};

export interface LabeledSelectProps extends ComponentProps<typeof Field.Select> {
  label: ReactNode;
  /** The validation message; when set the select is invalid and the message shows under it. */
  error?: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  /** A filter above a list: as wide as its options, in small text (else the full width, like the inputs). */
  compact?: boolean;
  children: ReactNode;
}

/** Label + native select + helper + error, as `Field.TextField` is for an input; the options are the children. */
export function LabeledSelect({
  label,
  error,
  helperText,
  required,
  compact = false,
  children,
  ...select
}: LabeledSelectProps) {
  return (
    <Field.Root w={compact ? 'auto' : undefined} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Field.Select className={compact ? widths.compact : widths.full} {...select}>
        {children}
      </Field.Select>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
