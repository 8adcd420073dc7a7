import { css, cx } from 'styled-system/css';

/** A native `<select>` drawn like the text inputs beside it, at any width. */
export const selectLook = css({
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  // not `_invalid`: it includes the native :invalid of an untouched required select (red before any submit)
  '&:is([data-invalid], [aria-invalid=true])': { borderColor: 'border.error' },
});

/** The select look, full width. */
export const selectStyle = cx(selectLook, css({ w: 'full' }));
