import { switchAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from '../focus-ring';

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  jsx: ['Switch.Root'],
  slots: switchAnatomy.keys(),
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '3', position: 'relative', cursor: 'pointer' },
    control: {
      alignItems: 'center',
      bg: 'bg.emphasized',
      borderRadius: 'full',
      display: 'inline-flex',
      flexShrink: '0',
      h: '6',
      w: '11',
      p: '0.5',
      transition: 'background 0.15s',
      _checked: { bg: 'accent.default' },
      _focusVisible: focusRing,
      _disabled: { opacity: '0.5', cursor: 'not-allowed' },
    },
    thumb: {
      bg: 'white',
      borderRadius: 'full',
      boxShadow: 'card',
      h: '5',
      w: '5',
      transition: 'transform 0.15s',
      _checked: { transform: 'translateX(20px)' },
    },
    label: { color: 'fg.default', fontWeight: 'medium', textStyle: 'sm' },
  },
});
