import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

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
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      })}
    >
      {children}
    </form>
  );
}
