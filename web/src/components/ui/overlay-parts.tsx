import { Portal } from '@ark-ui/react/portal';
import type { ComponentType, ReactNode } from 'react';
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
