import { css } from 'styled-system/css';

/** Left out of the printed confirmation: its buttons and the payment form. */
export const noPrint = css({ '@media print': { display: 'none !important' } });

/** The confirmation as printed: full width, black on white, no shadows. */
export const printRoot = css({
  '@media print': {
    maxW: 'none',
    p: '0',
    '& [data-print-card]': { boxShadow: 'none', borderColor: '#999' },
    '& *': { color: '#000 !important', background: 'transparent !important' },
  },
});
