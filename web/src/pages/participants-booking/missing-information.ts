import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { toaster } from '../../components/ui/toaster';

/**
 * Missing or invalid event/package ids (spec section 2, participants page): say so once and go to `/`.
 * The participants page and the two screens it leads to share it.
 */
export function useLeaveWhenMissing(missing: boolean) {
  const [, navigate] = useLocation();
  const warned = useRef(false);
  useEffect(() => {
    if (!missing || warned.current) return;
    warned.current = true;
    toaster.create({
      title: 'Missing information',
      description: 'Please select an event and a package first.',
      type: 'error',
    });
    navigate('/', { replace: true });
  }, [missing, navigate]);
}
