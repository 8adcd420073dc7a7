import { css } from 'styled-system/css';

/** A title and its action on one line, pushed to either end; they stack when the line is too narrow. */
export const spreadRow = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  flexWrap: 'wrap',
});

/** A form's Back and Next/Submit buttons at either end, under a rule. */
export const formActionsRow = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  pt: '5',
  borderTopWidth: '1px',
  borderColor: 'border.default',
});
