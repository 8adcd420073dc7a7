import { tabsAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from '../focus-ring';

export const tabs = defineSlotRecipe({
  className: 'tabs',
  jsx: ['Tabs.Root'],
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', width: 'full', gap: '4' },
    list: {
      display: 'flex',
      gap: '1',
      overflowX: 'auto',
      overflowY: 'hidden',
      position: 'relative',
      scrollbarWidth: 'thin',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
    },
    trigger: {
      alignItems: 'center',
      color: 'fg.muted',
      cursor: 'pointer',
      display: 'inline-flex',
      flexShrink: '0',
      fontWeight: 'medium',
      gap: '2',
      h: '10',
      px: '3',
      textStyle: 'sm',
      whiteSpace: 'nowrap',
      borderBottomWidth: '2px',
      borderColor: 'transparent',
      mb: '-1px',
      transition: 'color 0.15s, border-color 0.15s',
      _hover: { color: 'fg.default' },
      _selected: { color: 'accent.text', borderColor: 'accent.default' },
      _focusVisible: { ...focusRing, outlineOffset: '-2px' },
      _disabled: { cursor: 'not-allowed', opacity: '0.5' },
    },
    content: { _focusVisible: focusRing },
    indicator: { display: 'none' },
  },
  variants: {
    size: {
      sm: { trigger: { h: '9', px: '2.5' } },
      md: {},
    },
  },
  defaultVariants: { size: 'md' },
});
