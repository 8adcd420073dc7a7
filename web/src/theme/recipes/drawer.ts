import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

// Side sheet built on the Ark Dialog machine (focus trap, Escape, scroll lock).
export const drawer = defineSlotRecipe({
  className: 'drawer',
  jsx: ['Drawer.Root'],
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    backdrop: {
      bg: 'bg.overlay',
      height: '100dvh',
      inset: '0',
      position: 'fixed',
      zIndex: 'overlay',
      _open: { animation: 'backdrop-in' },
      _closed: { animation: 'backdrop-out' },
    },
    positioner: {
      display: 'flex',
      height: '100dvh',
      position: 'fixed',
      top: '0',
      width: { base: '85vw', sm: 'sm' },
      maxW: '360px',
      zIndex: 'modal',
    },
    content: {
      bg: 'bg.default',
      boxShadow: 'raised',
      display: 'flex',
      flexDirection: 'column',
      height: 'full',
      overflow: 'hidden',
      width: 'full',
      _focusVisible: { outline: 'none' },
    },
    header: {
      alignItems: 'center',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      display: 'flex',
      gap: '2',
      justifyContent: 'space-between',
      px: '4',
      py: '3',
    },
    body: { display: 'flex', flex: '1', flexDirection: 'column', gap: '1', overflowY: 'auto', p: '4' },
    footer: {
      borderTopWidth: '1px',
      borderColor: 'border.default',
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: '4',
    },
    title: { color: 'fg.default', fontWeight: 'semibold', textStyle: 'lg' },
    description: { color: 'fg.muted', textStyle: 'sm' },
    closeTrigger: {},
  },
  variants: {
    placement: {
      right: {
        positioner: { right: '0' },
        content: {
          _open: { animation: 'slide-in-right' },
          _closed: { animation: 'slide-out-right' },
        },
      },
      left: {
        positioner: { left: '0' },
        content: {
          _open: { animation: 'slide-in-left' },
          _closed: { animation: 'slide-out-left' },
        },
      },
    },
  },
  defaultVariants: { placement: 'right' },
});
