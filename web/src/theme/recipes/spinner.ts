import { defineRecipe } from '@pandacss/dev';

export const spinner = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    borderColor: 'currentColor',
    borderStyle: 'solid',
    borderRadius: 'full',
    borderWidth: '2px',
    borderBottomColor: 'transparent',
    borderInlineStartColor: 'transparent',
    animation: 'spin 0.6s linear infinite',
    flexShrink: '0',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '1.6s' },
  },
  variants: {
    size: {
      sm: { w: '4', h: '4' },
      md: { w: '6', h: '6' },
      lg: { w: '10', h: '10', borderWidth: '3px' },
    },
  },
  defaultVariants: { size: 'md' },
});
