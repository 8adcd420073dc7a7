import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { readStoredToken } from '../lib/auth';
import { clearPartnerHandoff, hasPartnerFlag, shouldClearPartnerOnPath } from './partner-storage';

/**
 * Public-side rules of spec section 2:
 * - a visitor holding a stored admin token outside /admin goes to /admin/dashboard;
 * - leaving the partner event paths clears the partner-redirect flag, its time and the stored data.
 */
export function PublicRouteGuards() {
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (hasPartnerFlag() && shouldClearPartnerOnPath(location) && !location.startsWith('/wc/'))
      clearPartnerHandoff();
    if (!location.startsWith('/admin') && readStoredToken()) navigate('/admin/dashboard', { replace: true });
  }, [location, navigate]);
  return null;
}
