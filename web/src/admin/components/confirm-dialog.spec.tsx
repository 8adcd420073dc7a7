import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('<ConfirmDialog>', () => {
  // The safe choice's first focus needs a browser's layout: web/e2e/money-after-booking.e2e.spec.ts checks it.
  it('gives its body the pending state and closes when done', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Cancel Order"
        description="Cancel it?"
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        onConfirm={onConfirm}
      >
        {(pending) => <p>{pending ? 'working' : 'idle'}</p>}
      </ConfirmDialog>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Order' });
    const keep = within(dialog).getByRole('button', { name: 'Keep Order' });
    expect(within(dialog).getByText('idle')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(dialog).findByText('working')).toBeTruthy();
    expect((keep as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('waits while busy from outside, and can keep its confirm button off', async () => {
    const props = {
      open: true,
      onOpenChange: () => {},
      title: 'Confirm order R1?',
      description: 'Ann Lee',
      confirmLabel: 'Confirm order',
      cancelLabel: 'Keep as is',
      destructive: false,
      onConfirm: () => Promise.resolve(),
    };
    const { rerender } = render(<ConfirmDialog {...props} confirmDisabled />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm order R1?' });
    const button = (name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Confirm order').disabled).toBe(true);
    expect(button('Keep as is').disabled).toBe(false);
    rerender(<ConfirmDialog {...props} busy />);
    expect(button('Confirm order').getAttribute('aria-busy')).toBe('true');
    expect(button('Keep as is').disabled).toBe(true);
  });
});
