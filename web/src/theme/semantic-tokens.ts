import { defineSemanticTokens } from '@pandacss/dev';

// A calm clinical palette: teal accent on white and cool slate greys.
// Every fg/bg pair used by the UI kit meets WCAG AA (4.5:1) for body text.
export const semanticTokens = defineSemanticTokens({
  colors: {
    fg: {
      default: { value: '{colors.slate.900}' },
      muted: { value: '{colors.slate.600}' },
      subtle: { value: '{colors.slate.500}' },
      disabled: { value: '{colors.slate.400}' },
      inverted: { value: '{colors.white}' },
      error: { value: '{colors.red.700}' },
    },
    bg: {
      default: { value: '{colors.white}' },
      canvas: { value: '#f5f8fa' },
      muted: { value: '{colors.slate.50}' },
      subtle: { value: '{colors.slate.100}' },
      emphasized: { value: '{colors.slate.200}' },
      disabled: { value: '{colors.slate.100}' },
      overlay: { value: 'rgba(15, 23, 42, 0.45)' },
    },
    border: {
      default: { value: '{colors.slate.200}' },
      muted: { value: '{colors.slate.100}' },
      emphasized: { value: '{colors.slate.300}' },
      outline: { value: '{colors.slate.400}' },
      error: { value: '{colors.red.600}' },
    },
    accent: {
      default: { value: '{colors.teal.700}' },
      emphasized: { value: '{colors.teal.800}' },
      fg: { value: '{colors.white}' },
      text: { value: '{colors.teal.800}' },
      muted: { value: '{colors.teal.200}' },
      subtle: { value: '{colors.teal.100}' },
      focus: { value: '{colors.sky.500}' },
    },
    info: {
      default: { value: '{colors.sky.700}' },
      subtle: { value: '{colors.sky.50}' },
      border: { value: '{colors.sky.200}' },
      text: { value: '{colors.sky.900}' },
    },
    success: {
      default: { value: '{colors.green.700}' },
      subtle: { value: '{colors.green.50}' },
      border: { value: '{colors.green.200}' },
      text: { value: '{colors.green.800}' },
    },
    warning: {
      default: { value: '{colors.amber.600}' },
      subtle: { value: '{colors.amber.50}' },
      border: { value: '{colors.amber.300}' },
      text: { value: '{colors.amber.900}' },
    },
    danger: {
      default: { value: '{colors.red.600}' },
      emphasized: { value: '{colors.red.700}' },
      fg: { value: '{colors.white}' },
      subtle: { value: '{colors.red.50}' },
      border: { value: '{colors.red.200}' },
      text: { value: '{colors.red.700}' },
    },
  },
  radii: {
    l1: { value: '{radii.sm}' },
    l2: { value: '{radii.md}' },
    l3: { value: '{radii.lg}' },
    l4: { value: '{radii.xl}' },
  },
  shadows: {
    card: { value: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)' },
    raised: { value: '0 10px 25px -5px rgba(15, 23, 42, 0.15), 0 8px 10px -6px rgba(15, 23, 42, 0.1)' },
  },
  // The layers the UI kit names (`zIndex: 'sticky'` etc.). The Panda preset defines none, so without these the
  // names compiled to invalid CSS (z-index: sticky -> auto): the sticky headers slid under positioned cards.
  zIndex: {
    dropdown: { value: '1000' },
    sticky: { value: '1100' },
    overlay: { value: '1300' },
    modal: { value: '1400' },
    skipLink: { value: '1600' },
  },
});
