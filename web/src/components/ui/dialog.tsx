import { Dialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { dialog } from 'styled-system/recipes';
import { iconCloseButton, portalled } from './overlay-parts';

/**
 * Ark Dialog (focus trap, Escape, scroll lock, aria wiring) styled by the `dialog` slot recipe.
 *
 *   <Dialog.Root size="md" open={open} onOpenChange={(e) => setOpen(e.open)}>
 *     <Dialog.Trigger asChild><Button>Open</Button></Dialog.Trigger>
 *     <Dialog.Portal>   // = Portal > Backdrop + Positioner > Content
 *       <Dialog.Header><Dialog.Title>…</Dialog.Title><Dialog.Description>…</Dialog.Description></Dialog.Header>
 *       <Dialog.Body>…</Dialog.Body>
 *       <Dialog.Footer>…</Dialog.Footer>
 *       <Dialog.CloseButton />
 *     </Dialog.Portal>
 *   </Dialog.Root>
 * Root defaults to `lazyMount` + `unmountOnExit`; on phones the dialog is a bottom sheet.
 */
const { withRootProvider, withContext } = createStyleContext(dialog);

export const Root = withRootProvider(Dialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const RootProvider = withRootProvider(Dialog.RootProvider, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Trigger = Dialog.Trigger;
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop');
export const Positioner = withContext(Dialog.Positioner, 'positioner');
export const Content = withContext(Dialog.Content, 'content');
export const Title = withContext(Dialog.Title, 'title');
export const Description = withContext(Dialog.Description, 'description');
/** Closes the dialog; unstyled, so a footer `Cancel` button stays where it is laid out. */
export const CloseTrigger = Dialog.CloseTrigger;
/** The corner position of the × button (the recipe's `closeTrigger` slot). */
const CornerCloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger');
export const Header = withContext(ark.div, 'header');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.div, 'footer');
export { DialogContext as Context } from '@ark-ui/react/dialog';

export type RootProps = ComponentProps<typeof Root>;

/** Portal + Backdrop + Positioner + Content in one; children go inside Content. */
export const Portalled = portalled(Backdrop, Positioner, Content);
export { Portalled as Portal };

/** The × button in the top-right corner. */
export const CloseButton = iconCloseButton(CornerCloseTrigger, 'Close');
