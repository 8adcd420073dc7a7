import { createToaster } from '@ark-ui/react/toast';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The one toast store of the app (spec section 9): bottom-right, at most 3 visible (more queue),
 * 4000 ms by default, 14 px apart, 200 ms removal animation, swiped away at 45 px; 356 px wide (see
 * the `toast` recipe).
 *
 *   toaster.create({ title: 'Login successful', description: 'You are now logged in', type: 'success' });
 *   toaster.create({ title: 'Login failed', description: message, type: 'error' }); // the spec's "destructive"
 *
 * Render exactly one `<Toaster />`, at the app root.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 3,
  duration: 4000,
  gap: 14,
  removeDelay: 200,
  overlap: false,
  offsets: '16px',
  pauseOnPageIdle: true,
});

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'loading';

// The toasts' machines and styles are a chunk of their own (issue 50: most visits never see a toast,
// and the first page must stay small). The store above is all a caller needs; the list is fetched at
// the first toast and shows the store's toasts from then on.
const ToastList = lazy(() => import('./toast-list'));

export function Toaster() {
  const [shown, setShown] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (shown) return;
    if (toaster.getVisibleToasts().length > 0) setShown(true);
    return toaster.subscribe(() => setShown(true));
  }, [shown]);
  return shown ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
