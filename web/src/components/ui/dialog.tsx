import { Dialog } from '@ark-ui/react/dialog';
import type { ComponentProps } from 'react';
import { dialog } from 'styled-system/recipes';
import { iconCloseButton, overlayParts } from './overlay-parts';

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
const parts = overlayParts(dialog);

export const {
  Root,
  Trigger,
  Backdrop,
  Positioner,
  Content,
  Title,
  Description,
  Header,
  Body,
  Footer,
  /** Portal + Backdrop + Positioner + Content in one; children go inside Content. */
  Portalled,
} = parts;
export { Portalled as Portal };
export const RootProvider = parts.withRootProvider(Dialog.RootProvider, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
/** Closes the dialog; unstyled, so a footer `Cancel` button stays where it is laid out. */
export const CloseTrigger = Dialog.CloseTrigger;
/** The corner position of the × button (the recipe's `closeTrigger` slot). */
const CornerCloseTrigger = parts.part(Dialog.CloseTrigger, 'closeTrigger');
export { DialogContext as Context } from '@ark-ui/react/dialog';

export type RootProps = ComponentProps<typeof Root>;

/** The × button in the top-right corner. */
export const CloseButton = iconCloseButton(CornerCloseTrigger, 'Close');
