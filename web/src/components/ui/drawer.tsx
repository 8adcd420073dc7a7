import { Dialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { drawer } from 'styled-system/recipes';
import { XIcon } from '../icons';
import { IconButton } from './button';

/**
 * A side sheet: the Ark Dialog machine (focus trap, Escape, scroll lock) with the `drawer` slot recipe.
 * Same parts as Dialog; `placement="right|left"` on Root.
 */
const { withRootProvider, withContext } = createStyleContext(drawer);

export const Root = withRootProvider(Dialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Trigger = Dialog.Trigger;
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop');
export const Positioner = withContext(Dialog.Positioner, 'positioner');
export const Content = withContext(Dialog.Content, 'content');
export const Title = withContext(Dialog.Title, 'title');
export const Description = withContext(Dialog.Description, 'description');
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger');
export const Header = withContext(ark.div, 'header');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.div, 'footer');

export type RootProps = ComponentProps<typeof Root>;

/** Portal + Backdrop + Positioner + Content in one; children go inside Content. */
export function Portalled({ children, ...props }: ComponentProps<typeof Content> & { children: ReactNode }) {
  return (
    <Portal>
      <Backdrop />
      <Positioner>
        <Content {...props}>{children}</Content>
      </Positioner>
    </Portal>
  );
}
export { Portalled as Portal };

export function CloseButton({ label = 'Close menu' }: { label?: string }) {
  return (
    <CloseTrigger asChild>
      <IconButton aria-label={label} variant="ghost" size="sm">
        <XIcon />
      </IconButton>
    </CloseTrigger>
  );
}
