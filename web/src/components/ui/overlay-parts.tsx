import { Dialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import type { ComponentType, ElementType, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import type { dialog, drawer } from 'styled-system/recipes';
import { XIcon } from '../icons';
import { IconButton } from './button';

/**
 * Portal + Backdrop + Positioner + Content in one, from a dialog-like style context's parts (Dialog,
 * Drawer); children go inside Content.
 */
export function portalled<P extends object>(
  Backdrop: ComponentType,
  Positioner: ComponentType<{ children?: ReactNode }>,
  Content: ComponentType<P>,
) {
  return function Portalled({ children, ...props }: P & { children: ReactNode }) {
    return (
      <Portal>
        <Backdrop />
        <Positioner>
          <Content {...(props as P)}>{children}</Content>
        </Positioner>
      </Portal>
    );
  };
}

/** A ghost × icon button inside the given close trigger, labelled `label` (else `defaultLabel`). */
export function iconCloseButton(
  Trigger: ComponentType<{ asChild?: boolean; children?: ReactNode }>,
  defaultLabel: string,
) {
  return function CloseButton({ label = defaultLabel }: { label?: string }) {
    return (
      <Trigger asChild>
        <IconButton aria-label={label} variant="ghost" size="sm">
          <XIcon />
        </IconButton>
      </Trigger>
    );
  };
}

/**
 * The Ark Dialog machine's parts styled by a dialog-like slot recipe (Dialog, Drawer): Root (lazy,
 * unmounted on close), Backdrop … Footer, and Portalled; `withRootProvider` and `part` style more.
 */
export function overlayParts(recipe: typeof dialog | typeof drawer) {
  const { withRootProvider, withContext } = createStyleContext(recipe);
  const part = <T extends ElementType>(Component: T, slot: (typeof recipe)['__slot']) =>
    withContext(Component, slot);
  const Backdrop = part(Dialog.Backdrop, 'backdrop');
  const Positioner = part(Dialog.Positioner, 'positioner');
  const Content = part(Dialog.Content, 'content');
  return {
    withRootProvider,
    part,
    Root: withRootProvider(Dialog.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } }),
    Trigger: Dialog.Trigger,
    Backdrop,
    Positioner,
    Content,
    Title: part(Dialog.Title, 'title'),
    Description: part(Dialog.Description, 'description'),
    Header: part(ark.div, 'header'),
    Body: part(ark.div, 'body'),
    Footer: part(ark.div, 'footer'),
    Portalled: portalled(Backdrop, Positioner, Content),
  };
}
