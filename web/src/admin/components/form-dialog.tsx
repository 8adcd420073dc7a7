import type { FormEvent, ReactNode, RefObject } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** The footer's way out (default 'Cancel'). */
  cancelLabel?: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  formRef: RefObject<HTMLFormElement | null>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Why the last submit failed, said under the fields. */
  failure?: string | null;
  children: ReactNode;
}

/** A dialog holding one form: fields in the body, Cancel and the submit button in the footer. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  cancelLabel = 'Cancel',
  pending,
  onSubmit,
  formRef,
  size = 'md',
  failure = null,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root size={size} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Portal>
        <form ref={formRef} onSubmit={onSubmit} noValidate className={css({ display: 'contents' })}>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
            {description ? <Dialog.Description>{description}</Dialog.Description> : null}
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4" pb="2">
              {children}
              {failure ? (
                <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
                  {failure}
                </p>
              ) : null}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Dialog.Footer>
        </form>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
