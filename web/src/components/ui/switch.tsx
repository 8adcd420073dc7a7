import { Switch as ArkSwitch } from '@ark-ui/react/switch';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { switchRecipe } from 'styled-system/recipes';

/** Ark Switch (a checkbox with role switch) styled by the `switchRecipe` slot recipe. */
const { withProvider, withContext } = createStyleContext(switchRecipe);

export const Root = withProvider(ArkSwitch.Root, 'root');
export const Control = withContext(ArkSwitch.Control, 'control');
export const Thumb = withContext(ArkSwitch.Thumb, 'thumb');
export const Label = withContext(ArkSwitch.Label, 'label');
export const HiddenInput = ArkSwitch.HiddenInput;

export interface SwitchProps extends Omit<ComponentProps<typeof Root>, 'children'> {
  children?: ReactNode;
}

/** `<Switch checked={on} onCheckedChange={(e) => setOn(e.checked)}>Label</Switch>` */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <Root {...props}>
      <Control>
        <Thumb />
      </Control>
      {children ? <Label>{children}</Label> : null}
      <HiddenInput />
    </Root>
  );
}
