import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const field = defineSlotRecipe({
  className: 'field',
  jsx: ['Field.Root'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: {
      color: 'fg.default',
      fontWeight: 'medium',
      textStyle: 'sm',
      display: 'inline-flex',
      gap: '0.5',
      _disabled: { color: 'fg.disabled' },
    },
    requiredIndicator: { color: 'danger.text' },
    helperText: { color: 'fg.muted', textStyle: 'sm' },
    errorText: {
      color: 'fg.error',
      textStyle: 'sm',
      fontWeight: 'medium',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
    },
  },
});
