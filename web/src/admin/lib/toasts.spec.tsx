import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toaster } from '../../components/ui/toaster';
import { toastError, toastSuccess } from './admin-api';

afterEach(() => {
  toaster.remove();
});

describe('admin toasts (issue 45)', () => {
  it('a success dismisses the failures still showing, so no stale "failed" stays beside it', async () => {
    render(<Toaster />);
    act(() => toastError('Failed to update registration: 503 busy'));
    expect(await screen.findByText('Failed to update registration: 503 busy')).toBeTruthy();
    act(() => toastSuccess('Order confirmed'));
    expect(await screen.findByText('Order confirmed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Failed to update registration: 503 busy')).toBeNull(), {
      timeout: 3_000,
    });
  });
});
