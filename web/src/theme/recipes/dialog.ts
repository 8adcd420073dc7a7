import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/**
 * Spec section 9: a dialog takes 300 ms to close (it fades and slides out before it leaves the page;
 * Ark unmounts it when the animation ends).
 */
export const DIALOG_CLOSE_MS = 300;
const OPEN_MS = 200;

export const dialog = defineSlotRecipe({
  className: 'dialog',
  jsx: ['Dialog.Root'],
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    backdrop: {
      bg: 'bg.overlay',
      height: '100dvh',
      left: '0',
      position: 'fixed',
      top: '0',
      width: '100vw',
      zIndex: 'overlay',
      _open: { animation: `backdrop-in ${OPEN_MS}ms ease-out` },
      _closed: { animation: `backdrop-out ${DIALOG_CLOSE_MS}ms ease-in` },
    },
    positioner: {
      alignItems: { base: 'flex-end', sm: 'center' },
      display: 'flex',
      height: '100dvh',
      justifyContent: 'center',
      left: '0',
      overscrollBehaviorY: 'none',
      position: 'fixed',
      top: '0',
      width: '100vw',
      zIndex: 'modal',
      p: { base: '0', sm: '4' },
    },
    content: {
      bg: 'bg.default',
      borderRadius: { base: 'l3 l3 0 0', sm: 'l3' },
      boxShadow: 'raised',
      display: 'flex',
      flexDirection: 'column',
      maxH: { base: '92dvh', sm: 'calc(100dvh - 2rem)' },
      overflow: 'hidden',
      position: 'relative',
      width: 'full',
      _focusVisible: { outline: 'none' },
      _open: { animation: `dialog-in ${OPEN_MS}ms ease-out` },
      _closed: { animation: `dialog-out ${DIALOG_CLOSE_MS}ms ease-in` },
    },
    header: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      pt: '5',
      pb: '3',
      px: { base: '4', sm: '6' },
      pr: '12',
    },
    body: { flex: '1', overflowY: 'auto', px: { base: '4', sm: '6' }, py: '2' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '3',
      justifyContent: 'flex-end',
      pt: '3',
      pb: '5',
      px: { base: '4', sm: '6' },
    },
    title: { color: 'fg.default', fontWeight: 'semibold', textStyle: 'lg' },
    description: { color: 'fg.muted', textStyle: 'sm' },
    closeTrigger: { position: 'absolute', top: '3', right: '3' },
  },
  variants: {
    size: {
      sm: { content: { maxW: { sm: 'sm' } } },
      md: { content: { maxW: { sm: 'lg' } } },
      lg: { content: { maxW: { sm: '600px', md: '2xl' } } },
      xl: { content: { maxW: { sm: '600px', md: '4xl' } } },
    },
  },
  defaultVariants: { size: 'md' },
});
