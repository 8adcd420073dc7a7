/** A raised surface's background and rounded border (cards, toasts, panels). */
export const surface = {
  bg: 'bg.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  borderColor: 'border.default',
} as const;
