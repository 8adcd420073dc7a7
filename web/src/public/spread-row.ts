import { css } from 'styled-system/css';

/** A title and its action on one line, pushed to either end; they stack when the line is too narrow. */
export const spreadRow = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  flexWrap: 'wrap',
});
