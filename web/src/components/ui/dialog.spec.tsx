import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DIALOG_CLOSE_MS, dialog as dialogRecipe } from '../../theme/recipes/dialog';
import { Button } from './button';
import * as Dialog from './dialog';

describe('dialog', () => {
  it('pins only the × button to the corner: a footer Cancel (CloseTrigger) stays in the footer and closes', async () => {
    const user = userEvent.setup();
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Portal>
          <Dialog.Header>
            <Dialog.Title>Add Participant</Dialog.Title>
          </Dialog.Header>
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.CloseTrigger>
          </Dialog.Footer>
          <Dialog.CloseButton />
        </Dialog.Portal>
      </Dialog.Root>,
    );
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    const close = screen.getByRole('button', { name: 'Close' });
    // the recipe's closeTrigger slot is `position: absolute; top; right`
    expect(close.className).toContain('dialog__closeTrigger');
    expect(cancel.className).not.toContain('dialog__closeTrigger');
    await user.click(cancel);
    // Closing animates out (DIALOG_CLOSE_MS) before the dialog unmounts.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: DIALOG_CLOSE_MS * 5 });
  });

  it('takes 300 ms to close (spec section 9): content and backdrop animate out that long before unmounting', () => {
    expect(DIALOG_CLOSE_MS).toBe(300);
    // the recipe's own shape: conditions such as _closed are not in Panda's style-object type
    const closed = (slot: 'content' | 'backdrop') =>
      (dialogRecipe.base?.[slot] as Record<string, unknown> | undefined)?._closed;
    expect(closed('content')).toEqual({ animation: 'dialog-out 300ms ease-in' });
    expect(closed('backdrop')).toEqual({ animation: 'backdrop-out 300ms ease-in' });
  });
});
