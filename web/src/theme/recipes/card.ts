import { defineSlotRecipe } from '@pandacss/dev';
import { surface } from './surface';

export const card = defineSlotRecipe({
  className: 'card',
  jsx: ['Card.Root'],
  slots: ['root', 'header', 'body', 'footer', 'title', 'description'],
  base: {
    root: {
      ...surface,
      boxShadow: 'card',
      display: 'flex',
      flexDirection: 'column',
      overflow: 'hidden',
      position: 'relative',
      minW: '0',
    },
    header: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      px: { base: '4', sm: '6' },
      pt: { base: '4', sm: '6' },
    },
    body: {
      display: 'flex',
      flexDirection: 'column',
      flex: '1',
      px: { base: '4', sm: '6' },
      py: { base: '4', sm: '6' },
      _first: {},
    },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '3',
      justifyContent: 'flex-end',
      px: { base: '4', sm: '6' },
      pb: { base: '4', sm: '6' },
    },
    title: { color: 'fg.default', fontWeight: 'semibold', textStyle: 'lg' },
    description: { color: 'fg.muted', textStyle: 'sm' },
  },
  variants: {
    variant: {
      elevated: {},
      outline: { root: { boxShadow: 'none' } },
      subtle: { root: { bg: 'bg.muted', boxShadow: 'none' } },
    },
  },
  defaultVariants: { variant: 'elevated' },
});
