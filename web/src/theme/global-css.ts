import { defineGlobalStyles } from '@pandacss/dev';
import { focusRing } from './focus-ring';

export const globalCss = defineGlobalStyles({
  html: {
    colorScheme: 'light',
    fontFamily: 'body',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    WebkitTextSizeAdjust: '100%',
  },
  body: {
    bg: 'bg.canvas',
    color: 'fg.default',
    lineHeight: '1.5',
    minHeight: '100dvh',
    minWidth: '320px',
  },
  '*, *::before, *::after': { borderColor: 'border.default' },
  '::selection': { bg: 'accent.muted' },
  'a, button, input, select, textarea, [tabindex]': {
    _focusVisible: focusRing,
  },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
});
