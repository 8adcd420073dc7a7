import { Dialog } from '@ark-ui/react/dialog';
import { drawer } from 'styled-system/recipes';
import { iconCloseButton, overlayParts } from './overlay-parts';

const parts = overlayParts(drawer);

/**
 * A side sheet: the Ark Dialog machine (focus trap, Escape, scroll lock) with the `drawer` slot recipe.
 * Dialog's parts (`Drawer.Root` … `Drawer.Footer`, `Drawer.Portal`); `placement="right|left"` on Root.
 */
export const Drawer = {
  ...parts,
  Portal: parts.Portalled,
  CloseButton: iconCloseButton(parts.part(Dialog.CloseTrigger, 'closeTrigger'), 'Close menu'),
};
