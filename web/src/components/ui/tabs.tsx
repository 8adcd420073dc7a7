import { Tabs } from '@ark-ui/react/tabs';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { tabs } from 'styled-system/recipes';

/**
 * Ark Tabs (roving focus with arrow keys, aria wiring) styled by the `tabs` slot recipe.
 *
 *   <Tabs.Root defaultValue="events" lazyMount>
 *     <Tabs.List><Tabs.Trigger value="events">Events</Tabs.Trigger>…</Tabs.List>
 *     <Tabs.Content value="events">…</Tabs.Content>
 *   </Tabs.Root>
 */
const { withProvider, withContext } = createStyleContext(tabs);

export const Root = withProvider(Tabs.Root, 'root');
export const List = withContext(Tabs.List, 'list');
export const Trigger = withContext(Tabs.Trigger, 'trigger');
export const Content = withContext(Tabs.Content, 'content');
export const Indicator = withContext(Tabs.Indicator, 'indicator');
export type RootProps = ComponentProps<typeof Root>;
