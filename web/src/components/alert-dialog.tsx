import type { ReactNode } from 'react';
import { Button } from './ui/button';
import * as Dialog from './ui/dialog';

/**
 * A question before something that cannot be undone: an alert dialog with its title and warning, any
 * body (`children`), the safe choice (outlined) and the danger button, which waits while `pending`.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  safeLabel,
  dangerLabel,
  pending,
  dangerDisabled = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  safeLabel: string;
  dangerLabel: string;
  pending: boolean;
  dangerDisabled?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root role="alertdialog" size="sm" open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        {children ? <Dialog.Body>{children}</Dialog.Body> : null}
        <Dialog.Footer>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {safeLabel}
          </Button>
          <Button variant="danger" disabled={dangerDisabled} loading={pending} onClick={onConfirm}>
            {dangerLabel}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
