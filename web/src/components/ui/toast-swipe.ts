import { type PointerEvent, useRef } from 'react';

/** Spec section 9: a toast swiped this far is dismissed. */
export const TOAST_SWIPE_THRESHOLD_PX = 45;

/**
 * Swipe to dismiss, for toasts in the bottom-right corner: dragged right or down (away from the
 * corner) by at least the threshold, the toast is dismissed; less, it springs back. Presses on the
 * toast's buttons stay presses. The drag moves the element itself (no re-render per pointer move).
 */
export function useSwipeToDismiss(onDismiss: () => void, threshold = TOAST_SWIPE_THRESHOLD_PX) {
  const start = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const moved = useRef({ x: 0, y: 0 });

  const reset = (el: HTMLElement) => {
    start.current = null;
    moved.current = { x: 0, y: 0 };
    el.style.removeProperty('transform');
    el.style.removeProperty('transition');
  };

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || (event.target as Element).closest('button, a, input')) return;
      start.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (!from || from.pointerId !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - from.x);
      const dy = Math.max(0, event.clientY - from.y);
      // one axis at a time, the one moved along most
      moved.current = dx >= dy ? { x: dx, y: 0 } : { x: 0, y: dy };
      const el = event.currentTarget;
      el.style.transition = 'none';
      el.style.transform = `translate(${moved.current.x}px, ${moved.current.y}px)`;
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!start.current) return;
      const distance = Math.max(moved.current.x, moved.current.y);
      if (distance >= threshold) {
        // leave it where the finger let go: it fades out from there
        start.current = null;
        onDismiss();
        return;
      }
      reset(event.currentTarget);
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      if (start.current) reset(event.currentTarget);
    },
  };
}
