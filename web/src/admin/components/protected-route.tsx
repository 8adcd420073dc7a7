import { type ReactNode, useEffect } from 'react';
import { Center } from 'styled-system/jsx';
import { useLocation } from 'wouter';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';

/** Session flag of the one-time reload (spec section 2). */
export const RELOAD_FLAG = 'admin_auth_reloaded';

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(RELOAD_FLAG) === '1';
  } catch {
    return true;
  }
}

function writeFlag(on: boolean) {
  try {
    if (on) sessionStorage.setItem(RELOAD_FLAG, '1');
    else sessionStorage.removeItem(RELOAD_FLAG);
  } catch {
    // storage unavailable: no reload
  }
}

/** Reloads the page; swappable in tests. */
export const pageReload = { reload: () => window.location.reload() };

/**
 * Every /admin route but login: a spinner while auth loads; a signed-in user sees the page; otherwise
 * redirect to /admin/login. A stored token that yields no user once loading ends reloads the page
 * once (per browser session) before giving up, and the refused token is then forgotten.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, token, isLoading, forgetToken } = useAuth();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (isLoading) return;
    if (user) {
      writeFlag(false);
      return;
    }
    if (token && !readFlag()) {
      writeFlag(true);
      pageReload.reload();
      return;
    }
    // Still no user after the reload: the stored token is refused, so it goes. Kept, it would send
    // the visitor from every public page back here (spec section 2) and lock them out of booking.
    if (token) forgetToken();
    navigate('/admin/login', { replace: true });
  }, [isLoading, user, token, navigate, forgetToken]);

  if (!user) {
    return (
      <Center minH="100dvh" color="accent.default">
        <Spinner size="lg" label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
