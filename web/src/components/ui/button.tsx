import { ark } from '@ark-ui/react/factory';
import type { ComponentProps, ReactNode } from 'react';
import { styled } from 'styled-system/jsx';
import { button } from 'styled-system/recipes';
import { Spinner } from './spinner';

const StyledButton = styled(ark.button, button);

type StyledButtonProps = ComponentProps<typeof StyledButton>;

export interface ButtonProps extends StyledButtonProps {
  /** Disables the button and shows a spinner. */
  loading?: boolean;
  /** Text shown while loading (e.g. 'Logging out...'); without it the label stays, dimmed. */
  loadingText?: ReactNode;
}

/**
 * `<Button variant="solid|outline|subtle|ghost|danger|link" size="sm|md|lg|xl" fullWidth>`.
 * Use `asChild` to style a link: `<Button asChild><Link href="/">Home</Link></Button>`.
 */
export function Button({ loading, loadingText, disabled, children, type, ...props }: ButtonProps) {
  const buttonType = props.asChild ? type : (type ?? 'button');
  if (!loading) {
    return (
      <StyledButton type={buttonType} disabled={disabled} {...props}>
        {children}
      </StyledButton>
    );
  }
  return (
    <StyledButton type={buttonType} disabled aria-busy="true" data-loading="" {...props}>
      <Spinner size="sm" />
      {loadingText ?? children}
    </StyledButton>
  );
}

export interface IconButtonProps extends ButtonProps {
  'aria-label': string;
}

/** A square button holding only an icon; `aria-label` is required. */
export function IconButton(props: IconButtonProps) {
  return <Button px="0" aspectRatio="square" css={{ '& svg': { width: '5', height: '5' } }} {...props} />;
}
