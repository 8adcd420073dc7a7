import { defineKeyframes } from '@pandacss/dev';

export const keyframes = defineKeyframes({
  'skeleton-pulse': { '50%': { opacity: '0.45' } },
  'backdrop-in': { from: { opacity: '0' }, to: { opacity: '1' } },
  'backdrop-out': { from: { opacity: '1' }, to: { opacity: '0' } },
  'dialog-in': {
    from: { opacity: '0', transform: 'translateY(8px) scale(0.98)' },
    to: { opacity: '1', transform: 'translateY(0) scale(1)' },
  },
  'dialog-out': {
    from: { opacity: '1', transform: 'translateY(0) scale(1)' },
    to: { opacity: '0', transform: 'translateY(8px) scale(0.98)' },
  },
  'slide-in-right': { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
  'slide-out-right': { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } },
  'slide-in-left': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
  'slide-out-left': { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } },
});
