import { Dialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { drawer } from 'styled-system/recipes';
import { iconCloseButton, portalled } from './overlay-parts';

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
export const Portalled = portalled(Backdrop, Positioner, Content);
export { Portalled as Portal };

export const CloseButton = iconCloseButton(CloseTrigger, 'Close menu');
