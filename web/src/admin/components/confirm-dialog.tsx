import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  /** Resolves when done; the dialog closes afterwards (also on failure: the caller toasts). */
  onConfirm: () => Promise<unknown>;
}

/** A delete confirmation: an alert dialog with Cancel and a danger button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  // keep the text while the dialog animates out (the caller clears its item on close)
  const shown = useRef({ title, description });
  if (open) shown.current = { title, description };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onOpenChange(false);
    }
  };
  return (
    <Dialog.Root role="alertdialog" size="sm" open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>{shown.current.title}</Dialog.Title>
          <Dialog.Description>{shown.current.description}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" loading={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
