import { defineRecipe } from '@pandacss/dev';
import { focusRing } from '../focus-ring';

/** Filled with a palette's colour, darker on hover (but not when disabled). */
const filled = (palette: 'accent' | 'danger') => ({
  bg: `${palette}.default`,
  color: `${palette}.fg`,
  _hover: { bg: `${palette}.emphasized` },
  _disabled: { _hover: { bg: `${palette}.default` } },
});

export const button = defineRecipe({
  className: 'button',
  jsx: ['Button'],
  base: {
    alignItems: 'center',
    appearance: 'none',
    borderRadius: 'l2',
    cursor: 'pointer',
    display: 'inline-flex',
    flexShrink: '0',
    fontWeight: 'semibold',
    gap: '2',
    justifyContent: 'center',
    lineHeight: '1',
    outline: 'none',
    position: 'relative',
    transitionDuration: 'normal',
    transitionProperty: 'background, border-color, color, box-shadow',
    transitionTimingFunction: 'default',
    userSelect: 'none',
    verticalAlign: 'middle',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    _focusVisible: focusRing,
    _disabled: {
      cursor: 'not-allowed',
      opacity: '0.6',
      '&[data-loading]': { cursor: 'progress', opacity: '0.85' },
    },
    '& svg': { flexShrink: '0', width: '1.1em', height: '1.1em' },
  },
  variants: {
    variant: {
      solid: filled('accent'),
      outline: {
        bg: 'bg.default',
        borderWidth: '1px',
        borderColor: 'border.emphasized',
        color: 'fg.default',
        _hover: { bg: 'bg.muted', borderColor: 'border.outline' },
      },
      subtle: {
        bg: 'accent.subtle',
        color: 'accent.text',
        _hover: { bg: 'accent.muted' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { bg: 'bg.subtle' },
      },
      danger: filled('danger'),
      link: {
        bg: 'transparent',
        color: 'accent.text',
        px: '0!',
        h: 'auto!',
        textDecoration: 'underline',
        textUnderlineOffset: '3px',
        _hover: { color: 'accent.default' },
      },
    },
    size: {
      sm: { h: '9', minW: '9', px: '3', textStyle: 'sm' },
      md: { h: '10', minW: '10', px: '4', textStyle: 'sm' },
      lg: { h: '11', minW: '11', px: '5', textStyle: 'md' },
      xl: { h: '12', minW: '12', px: '6', textStyle: 'md' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});
