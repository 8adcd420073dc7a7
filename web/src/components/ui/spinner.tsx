import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { spinner } from 'styled-system/recipes';

const StyledSpinner = styled(ark.span, spinner);

export interface SpinnerProps extends ComponentProps<typeof StyledSpinner> {
  /** Announced to assistive technology (role="status"). Without a label the spinner is decorative. */
  label?: string;
}

/** `<Spinner label="Loading" />` for a page-level wait; `<Spinner size="sm" />` inside a labelled control. */
export function Spinner({ label, ...props }: SpinnerProps) {
  if (!label) return <StyledSpinner aria-hidden="true" {...props} />;
  return (
    <StyledSpinner role="status" aria-label={label} {...props}>
      <styled.span srOnly>{label}</styled.span>
    </StyledSpinner>
  );
}
