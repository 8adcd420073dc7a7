import { css } from 'styled-system/css';

/** A native `<select>` drawn like the text inputs beside it, full width. */
export const selectStyle = css({
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  w: 'full',
});
