import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_SWIPE_THRESHOLD_PX } from './toast-swipe';
import { Toaster, toaster } from './toaster';

afterEach(() => {
  toaster.remove();
});

describe('toaster', () => {
  it('is configured per spec section 9', () => {
    expect(toaster.attrs).toMatchObject({
      placement: 'bottom-end',
      max: 3,
      duration: 4000,
      gap: 14,
      removeDelay: 200,
    });
  });

  it('shows title and description of a created toast', async () => {
    render(<Toaster />);
    act(() => {
      toaster.create({
        title: 'Appointment cancelled',
        description: 'Your appointment has been successfully cancelled.',
        type: 'success',
      });
    });
    expect(await screen.findByText('Appointment cancelled')).toBeTruthy();
    expect(screen.getByText('Your appointment has been successfully cancelled.')).toBeTruthy();
  });

  it('shows at most 3 toasts at once', async () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toaster.create({ title: `Toast ${n}`, type: 'info' });
    });
    await screen.findByText('Toast 3');
    expect(screen.getAllByText(/^Toast \d$/)).toHaveLength(3);
  });

  it('is dismissed when swiped 45 px right or down, and springs back short of that', async () => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(45);
    render(<Toaster />);
    act(() => {
      toaster.create({ title: 'Participant Added', type: 'success' });
    });
    const toast = (await screen.findByText('Participant Added')).closest('[data-part=root]') as HTMLElement;
    const swipe = (dx: number, dy: number) => {
      fireEvent.pointerDown(toast, { button: 0, clientX: 100, clientY: 100 });
      fireEvent.pointerMove(toast, { clientX: 100 + dx, clientY: 100 + dy });
      fireEvent.pointerUp(toast, { clientX: 100 + dx, clientY: 100 + dy });
    };
    swipe(44, 0);
    swipe(0, 44);
    swipe(-80, 0); // towards the corner's inside: not a swipe away
    expect(toast.dataset.state).toBe('open');
    expect(toast.style.transform).toBe('');
    swipe(0, 45);
    // dismissed, then removed after the 200 ms exit (slow on a loaded machine)
    await waitFor(() => expect(screen.queryByText('Participant Added')).toBeNull(), { timeout: 5000 });
  });
});
