import { defineRecipe } from '@pandacss/dev';

export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    alignItems: 'center',
    borderRadius: 'full',
    display: 'inline-flex',
    fontWeight: 'medium',
    gap: '1',
    px: '2.5',
    py: '0.5',
    textStyle: 'xs',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
  },
  variants: {
    tone: {
      neutral: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default' },
      success: { bg: 'success.subtle', color: 'success.text', borderColor: 'success.border' },
      warning: { bg: 'warning.subtle', color: 'warning.text', borderColor: 'warning.border' },
      danger: { bg: 'danger.subtle', color: 'danger.text', borderColor: 'danger.border' },
      info: { bg: 'info.subtle', color: 'info.text', borderColor: 'info.border' },
      accent: { bg: 'accent.subtle', color: 'accent.text', borderColor: 'accent.muted' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
