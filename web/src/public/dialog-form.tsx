import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { grid } from 'styled-system/patterns';
import { Button } from '../components/ui/button';
import * as Dialog from '../components/ui/dialog';

export interface DialogFormProps {
  /** The footer's submit button points at the form with `form={id}`. */
  id: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** The two-column person form inside a dialog; the dialog's own submit button sends it. */
export function DialogForm({ id, onSubmit, children }: DialogFormProps) {
  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // React events bubble through the portal: keep this submit away from the page's own form
        e.stopPropagation();
        onSubmit();
      }}
      className={grid({ columns: { base: 1, sm: 2 }, gap: '4' })}
    >
      {children}
    </form>
  );
}

export interface FormDialogProps extends DialogFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  /** The submit button shows a spinner and `savingLabel` while true. */
  saving?: boolean | undefined;
  savingLabel?: ReactNode;
}

/**
 * A 600 px dialog around a `DialogForm`: title and description, the form, and a footer with Cancel
 * and the form's submit button.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  id,
  onSubmit,
  submitLabel,
  saving,
  savingLabel,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Portal maxW="600px">
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <DialogForm id={id} onSubmit={onSubmit}>
            {children}
          </DialogForm>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </Dialog.CloseTrigger>
          <Button type="submit" form={id} loading={saving} loadingText={savingLabel}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
