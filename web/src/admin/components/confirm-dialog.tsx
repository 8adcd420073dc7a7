import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  /** The safe choice, focused when the dialog opens (issue 45): Enter never does the costly thing. */
  cancelLabel?: string;
  /** Resolves when done; the dialog closes afterwards (also on failure: the caller toasts). */
  onConfirm: () => Promise<unknown>;
}

/** A confirmation of something costly: an alert dialog with the safe choice (focused) and a danger button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const safe = useRef<HTMLButtonElement>(null);
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
    <Dialog.Root
      role="alertdialog"
      size="sm"
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      initialFocusEl={() => safe.current}
    >
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>{shown.current.title}</Dialog.Title>
          <Dialog.Description>{shown.current.description}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer>
          <Button ref={safe} variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel}
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
