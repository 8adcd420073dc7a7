import { useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { toaster } from '../ui/toaster';

/** Logout with the spec's toasts; `pending` drives the 'Logging out...' label. */
export function useLogout() {
  const { logout } = useAuth();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await logout();
      toaster.create({
        title: 'Logout successful',
        description: 'You have been logged out',
        type: 'success',
      });
      navigate('/admin/login');
    } catch (error) {
      toaster.create({ title: 'Logout failed', description: errorMessage(error), type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return { logout: run, pending };
}
