import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { checkbox } from 'styled-system/recipes';
import { CheckIcon } from '../icons';

/** Ark Checkbox styled by the `checkbox` slot recipe. */
const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(ArkCheckbox.Root, 'root');
export const Control = withContext(ArkCheckbox.Control, 'control');
export const Indicator = withContext(ArkCheckbox.Indicator, 'indicator');
export const Label = withContext(ArkCheckbox.Label, 'label');
export const HiddenInput = ArkCheckbox.HiddenInput;

export interface CheckboxProps extends Omit<ComponentProps<typeof Root>, 'children'> {
  children?: ReactNode;
}

/** `<Checkbox checked={on} onCheckedChange={(e) => setOn(e.checked === true)}>Label</Checkbox>` */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <Root {...props}>
      <Control>
        <Indicator>
          <CheckIcon />
        </Indicator>
      </Control>
      {children ? <Label>{children}</Label> : null}
      <HiddenInput />
    </Root>
  );
}
