/**
 * The keyboard focus ring. The global styles give it to links, buttons, inputs and anything with a
 * tabindex; a recipe whose part draws its own focus (Ark's checkbox and switch controls, which take
 * `data-focus-visible` from a hidden input) or resets `outline` uses it under `_focusVisible`.
 */
export const focusRing = {
  outline: '2px solid',
  outlineColor: 'accent.focus',
  outlineOffset: '2px',
} as const;
