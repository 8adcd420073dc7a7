import { defineRecipe } from '@pandacss/dev';

export const input = defineRecipe({
  className: 'input',
  jsx: ['Input', 'Field.Input'],
  base: {
    appearance: 'none',
    bg: 'bg.default',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    borderWidth: '1px',
    color: 'fg.default',
    outline: 0,
    position: 'relative',
    transitionDuration: 'normal',
    transitionProperty: 'box-shadow, border-color',
    transitionTimingFunction: 'default',
    width: 'full',
    _placeholder: { color: 'fg.subtle' },
    _hover: { borderColor: 'border.outline' },
    _focus: {
      borderColor: 'accent.default',
      boxShadow: '0 0 0 1px {colors.accent.default}',
    },
    _disabled: { opacity: 0.6, cursor: 'not-allowed', bg: 'bg.disabled' },
    // Only what the app marks invalid (Ark's data-invalid / aria-invalid), not the native :invalid of an
    // untouched required input.
    '&:is([data-invalid], [aria-invalid=true])': {
      borderColor: 'border.error',
      _focus: { boxShadow: '0 0 0 1px {colors.border.error}' },
    },
  },
  variants: {
    size: {
      sm: { px: '2.5', h: '9', minW: '9', textStyle: 'sm' },
      md: { px: '3', h: '10', minW: '10', textStyle: 'md' },
      lg: { px: '3.5', h: '11', minW: '11', textStyle: 'md' },
    },
  },
  defaultVariants: { size: 'md' },
});
