import { Dialog } from '@ark-ui/react/dialog';
import type { ComponentProps } from 'react';
import { drawer } from 'styled-system/recipes';
import { iconCloseButton, overlayParts } from './overlay-parts';

/**
 * A side sheet: the Ark Dialog machine (focus trap, Escape, scroll lock) with the `drawer` slot recipe.
 * Same parts as Dialog; `placement="right|left"` on Root.
 */
const parts = overlayParts(drawer);

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
export const CloseTrigger = parts.part(Dialog.CloseTrigger, 'closeTrigger');

export type RootProps = ComponentProps<typeof Root>;

export const CloseButton = iconCloseButton(CloseTrigger, 'Close menu');
