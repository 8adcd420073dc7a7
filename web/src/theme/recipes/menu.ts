import { menuAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const menu = defineSlotRecipe({
  className: 'menu',
  jsx: ['Menu.Root'],
  slots: menuAnatomy.keys(),
  base: {
    content: {
      bg: 'bg.default',
      borderRadius: 'l2',
      borderWidth: '1px',
      borderColor: 'border.default',
      boxShadow: 'raised',
      display: 'flex',
      flexDirection: 'column',
      minW: '36',
      p: '1',
      zIndex: 'dropdown',
      outline: 'none',
      _open: { animation: 'backdrop-in 0.12s ease-out' },
    },
    item: {
      alignItems: 'center',
      borderRadius: 'l1',
      cursor: 'pointer',
      display: 'flex',
      gap: '2',
      h: '9',
      px: '2.5',
      textStyle: 'sm',
      color: 'fg.default',
      _highlighted: { bg: 'bg.subtle' },
      '&[data-variant=danger]': { color: 'danger.text' },
    },
  },
});
