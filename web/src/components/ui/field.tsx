import { Field } from '@ark-ui/react/field';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext, styled } from 'styled-system/jsx';
import { field, input } from 'styled-system/recipes';

/**
 * Ark Field parts styled by the `field` slot recipe. Ark links label, input, helper and error text by id
 * and sets aria-invalid / aria-describedby; `ErrorText` only renders while `Root` is `invalid`.
 *
 *   <Field.Root invalid={!!error} required>
 *     <Field.Label>Email<Field.RequiredIndicator /></Field.Label>
 *     <Field.Input type="email" {...} />
 *     <Field.ErrorText>{error}</Field.ErrorText>
 *   </Field.Root>
 */
const { withProvider, withContext } = createStyleContext(field);

export const Root = withProvider(Field.Root, 'root');
export const Label = withContext(Field.Label, 'label');
export const HelperText = withContext(Field.HelperText, 'helperText');
export const ErrorText = withContext(Field.ErrorText, 'errorText');
export const RequiredIndicator = withContext(Field.RequiredIndicator, 'requiredIndicator', {
  defaultProps: { children: '*' },
});
export const Input = styled(Field.Input, input);
export const Select = Field.Select;
const StyledTextarea = styled(Field.Textarea, input);
export function Textarea(props: ComponentProps<typeof StyledTextarea>) {
  return <StyledTextarea h="auto" minH="24" py="2" resize="vertical" {...props} />;
}
export { FieldContext as Context } from '@ark-ui/react/field';

export type RootProps = ComponentProps<typeof Root>;
export type InputProps = ComponentProps<typeof Input>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  /** The validation message; when set the field is invalid and the message shows under the input. */
  error?: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
}

/** Label + input + helper + error in one: `<TextField label="Email" error={errors.email} {...register} />`. */
export function TextField({ label, error, helperText, required, disabled, ...inputProps }: TextFieldProps) {
  return (
    <Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Label>
        {label}
        {required ? <RequiredIndicator /> : null}
      </Label>
      <Input {...inputProps} />
      {helperText ? <HelperText>{helperText}</HelperText> : null}
      <ErrorText>{error}</ErrorText>
    </Root>
  );
}
