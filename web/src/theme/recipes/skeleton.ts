import { defineRecipe } from '@pandacss/dev';

export const skeleton = defineRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  base: {
    bg: 'bg.emphasized',
    borderRadius: 'l2',
    display: 'block',
    flexShrink: '0',
    animation: 'skeleton-pulse 1.6s ease-in-out infinite',
    color: 'transparent',
    pointerEvents: 'none',
    userSelect: 'none',
    '&::before, &::after, *': { visibility: 'hidden' },
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  },
  variants: {
    shape: {
      line: { h: '4' },
      block: {},
      circle: { borderRadius: 'full' },
    },
  },
  defaultVariants: { shape: 'block' },
});
