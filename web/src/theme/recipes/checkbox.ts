import { checkboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from '../focus-ring';

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  jsx: ['Checkbox.Root'],
  slots: checkboxAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      cursor: 'pointer',
      position: 'relative',
    },
    control: {
      alignItems: 'center',
      borderWidth: '1px',
      borderColor: 'border.outline',
      borderRadius: 'l1',
      color: 'accent.fg',
      display: 'inline-flex',
      flexShrink: '0',
      h: '5',
      w: '5',
      justifyContent: 'center',
      bg: 'bg.default',
      _checked: { bg: 'accent.default', borderColor: 'accent.default' },
      _focusVisible: focusRing,
      _disabled: { opacity: '0.5', cursor: 'not-allowed' },
      '& svg': { w: '3.5', h: '3.5' },
    },
    label: { color: 'fg.default', textStyle: 'sm' },
    indicator: {},
    group: { display: 'flex', flexDirection: 'column', gap: '2' },
  },
});
