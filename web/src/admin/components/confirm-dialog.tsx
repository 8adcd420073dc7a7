import { type ReactNode, useRef, useState } from 'react';
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
  /** The confirm button in the danger look (default), or the plain one for a change that can be undone. */
  destructive?: boolean;
  /** The confirm button is off (what it would do is not allowed, or not known yet). */
  confirmDisabled?: boolean;
  /** Busy from outside (the caller's own request): both buttons wait, as while `onConfirm` runs. */
  busy?: boolean;
  /**
   * More than the question, under it: a choice or what the confirmation will do. A function is given
   * whether the confirmation is under way, to turn its controls off meanwhile.
   */
  children?: ReactNode | ((pending: boolean) => ReactNode);
  /** Resolves when done; the dialog closes afterwards (also on failure: the caller toasts). */
  onConfirm: () => Promise<unknown>;
}

/**
 * A confirmation of something costly: an alert dialog with the safe choice (focused) and a danger button,
 * and under the question any `children` it needs (a choice, what the confirmation will do).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  destructive = true,
  confirmDisabled = false,
  busy = false,
  children,
  onConfirm,
}: ConfirmDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const pending = confirming || busy;
  const safe = useRef<HTMLButtonElement>(null);
  // keep the text while the dialog animates out (the caller clears its item on close)
  const shown = useRef({ title, description });
  if (open) shown.current = { title, description };
  const body = typeof children === 'function' ? children(pending) : children;
  const confirm = async () => {
    setConfirming(true);
    try {
      await onConfirm();
    } finally {
      setConfirming(false);
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
        {body != null && body !== false ? <Dialog.Body>{body}</Dialog.Body> : null}
        <Dialog.Footer>
          <Button ref={safe} variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? 'danger' : 'solid'}
            loading={pending}
            disabled={confirmDisabled}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
