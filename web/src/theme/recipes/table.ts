import { defineSlotRecipe } from '@pandacss/dev';

export const table = defineSlotRecipe({
  className: 'table',
  jsx: ['Table.Root'],
  slots: ['scroll', 'root', 'head', 'body', 'row', 'header', 'cell', 'caption'],
  base: {
    scroll: {
      width: 'full',
      overflowX: 'auto',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'l3',
      bg: 'bg.default',
    },
    root: { width: 'full', borderCollapse: 'collapse', textStyle: 'sm' },
    head: { bg: 'bg.muted' },
    body: {},
    row: {
      borderBottomWidth: '1px',
      borderColor: 'border.muted',
      '&:last-child': { borderBottomWidth: '0' },
      '&[data-clickable]': { cursor: 'pointer', _hover: { bg: 'bg.muted' } },
    },
    header: {
      color: 'fg.muted',
      fontWeight: 'semibold',
      textAlign: 'left',
      px: '4',
      py: '3',
      whiteSpace: 'nowrap',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
    },
    cell: { px: '4', py: '3', verticalAlign: 'middle', color: 'fg.default' },
    caption: { srOnly: true },
  },
});
