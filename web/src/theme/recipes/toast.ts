import { toastAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { surface } from './surface';

// Spec section 9: 356 px wide, bottom-right, 14 px gap, 200 ms removal, swiped away at 45 px.
export const toast = defineSlotRecipe({
  className: 'toast',
  jsx: ['Toast.Root'],
  slots: [...toastAnatomy.keys(), 'icon', 'content'],
  base: {
    root: {
      ...surface,
      borderLeftWidth: '4px',
      boxShadow: 'raised',
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      height: 'var(--height)',
      minWidth: '0',
      width: 'min(356px, calc(100vw - 2rem))',
      opacity: 'var(--opacity)',
      overflowWrap: 'anywhere',
      p: '4',
      pr: '10',
      position: 'relative',
      // the toast gets the touch moves (swipe to dismiss) instead of the page scrolling under it
      touchAction: 'none',
      scale: 'var(--scale)',
      translate: 'var(--x) var(--y) 0',
      transitionDuration: 'slow',
      transitionProperty: 'translate, scale, opacity, height',
      transitionTimingFunction: 'default',
      willChange: 'translate, opacity, scale',
      zIndex: 'var(--z-index)',
      '&[data-type=error]': { borderLeftColor: 'danger.default' },
      '&[data-type=success]': { borderLeftColor: 'success.default' },
      '&[data-type=warning]': { borderLeftColor: 'warning.default' },
      '&[data-type=info], &[data-type=loading]': { borderLeftColor: 'accent.default' },
      _closed: { transitionDuration: '200ms' },
    },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0' },
    icon: { flexShrink: '0', mt: '0.5', color: 'fg.muted' },
    title: { color: 'fg.default', fontWeight: 'semibold', textStyle: 'sm' },
    description: { color: 'fg.muted', textStyle: 'sm' },
    actionTrigger: { mt: '2', alignSelf: 'flex-start' },
    closeTrigger: { position: 'absolute', top: '2', right: '2' },
  },
});
