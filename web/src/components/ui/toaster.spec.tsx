import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
