import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { menu } from 'styled-system/recipes';

/**
 * Ark Menu (arrow keys, typeahead, Escape) styled by the `menu` slot recipe.
 *
 *   <Menu.Root onSelect={(e) => …e.value}>
 *     <Menu.Trigger asChild><IconButton aria-label="Actions">…</IconButton></Menu.Trigger>
 *     <Menu.Portalled><Menu.Item value="edit">Edit</Menu.Item></Menu.Portalled>
 *   </Menu.Root>
 */
const { withRootProvider, withContext } = createStyleContext(menu);

export const Root = withRootProvider(Menu.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } });
export const Trigger = Menu.Trigger;
export const Positioner = withContext(Menu.Positioner, 'positioner');
export const Content = withContext(Menu.Content, 'content');
export const Item = withContext(Menu.Item, 'item');

export function Portalled({ children, ...props }: ComponentProps<typeof Content> & { children: ReactNode }) {
  return (
    <Portal>
      <Positioner>
        <Content {...props}>{children}</Content>
      </Positioner>
    </Portal>
  );
}
